#pragma once

#include <chrono>
#include <compare>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

// The value formats of the configuration file (docs/configuration.md "Value formats"): how a
// duration, a size, a time of day and a time zone are written, each with its parser, its formatter
// (the inverse, for error messages and documentation) and the text an error names it by. The
// reader (ConfigReader) adds the key, the range and the "got …" around them.
namespace msgx::config {

// The result of parsing one configuration value: either a value, or a short reason why the text is
// not one (e.g. "the unit is missing"; may be empty when the expected format says it all).
template <class T>
struct ParseOutcome {
    std::optional<T> value;
    std::string problem;

    static ParseOutcome ok(T v) { return {std::move(v), {}}; }
    static ParseOutcome fail(std::string why = {}) { return {std::nullopt, std::move(why)}; }
};

// ---- durations ----

// What a duration looks like, for error messages.
inline constexpr std::string_view kDurationFormat = "a duration such as 250ms, 5s, 10m, 2h or 1d";
inline constexpr std::string_view kDurationOrOffFormat = "a duration such as 12h or 2d, or off";

// Parses "<digits><unit>" with unit ms, s, m, h or d (e.g. "250ms", "5s", "10m", "2h", "1d").
// No sign, no fraction, no space, no combined units. A bare number fails with the problem
// "the unit is missing"; an unknown unit with "unknown unit <u>"; a value above 10000 days with
// "too large".
ParseOutcome<std::chrono::milliseconds> parseDuration(std::string_view text);

// The shortest text parseDuration reads back as d: the largest unit that divides d exactly
// (90000ms -> "90s", 3600000ms -> "1h", 0 -> "0s"). d must not be negative.
std::string formatDuration(std::chrono::milliseconds d);

// ---- sizes ----

inline constexpr std::string_view kSizeFormat = "a size such as 512KB, 10MB or 1GB";

// Parses "<digits><unit>" with unit B, KB, MB or GB, binary multiples (1KB = 1024 bytes).
// A bare number fails with "the unit is missing", an unknown unit with "unknown unit <u>", a value
// above 1024GB with "too large".
ParseOutcome<std::uint64_t> parseSize(std::string_view text);

// The shortest text parseSize reads back as bytes (10485760 -> "10MB", 1000 -> "1000B").
std::string formatSize(std::uint64_t bytes);

// ---- time of day ----

// A wall-clock time of day with minute precision, e.g. archive.at.
struct TimeOfDay {
    int hour = 0;   // 0..23
    int minute = 0; // 0..59

    [[nodiscard]] std::chrono::minutes sinceMidnight() const {
        return std::chrono::hours(hour) + std::chrono::minutes(minute);
    }
    auto operator<=>(const TimeOfDay&) const = default;
};

inline constexpr std::string_view kTimeOfDayFormat = "a time of day HH:MM (00:00..23:59)";

// Parses exactly "HH:MM" (two digits each, 00..23 and 00..59).
ParseOutcome<TimeOfDay> parseTimeOfDay(std::string_view text);

// "03:00".
std::string formatTimeOfDay(TimeOfDay t);

// ---- time zones ----

inline constexpr std::string_view kSystemZoneInfoDir = "/usr/share/zoneinfo";

// True when `name` is "UTC" or names a compiled zone file (starting with the "TZif" magic) under
// zoneInfoDir, e.g. "Asia/Shanghai". Names that are absolute or contain ".." are never zones.
// (g++ 12's libstdc++ has no std::chrono::tzdb, so the zone files are the source of truth.)
bool timeZoneExists(std::string_view name,
                    const std::filesystem::path& zoneInfoDir = std::filesystem::path(kSystemZoneInfoDir));

} // namespace msgx::config
