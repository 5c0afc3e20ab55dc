#include "msgx/config/ValueFormats.h"

#include "msgx/codec/Ascii.h"

#include <array>
#include <fstream>
#include <system_error>

namespace msgx::config {

namespace {

// ---- "<digits><unit>", the common shape of durations and sizes ----

using codec::isAsciiDigit;
using codec::isAsciiLetter;

// "<digits><unit>" split into its parts.
struct UnitNumber {
    std::uint64_t number = 0;
    std::string_view unit;
    bool valid = false;
    std::string problem; // why not valid, when there is more to say than "wrong shape"

    [[nodiscard]] bool ok() const { return valid; }
};

// Invalid with problem "the unit is missing" (digits only) or "too large" (more than 18 digits);
// any other shape (sign, fraction, space, no digits) is invalid with an empty problem, the expected
// format saying it all. The unit is not checked here: any run of ASCII letters.
UnitNumber splitUnitNumber(std::string_view text) {
    UnitNumber out;
    std::size_t i = 0;
    while (i < text.size() && isAsciiDigit(text[i])) {
        ++i;
    }
    const std::string_view digits = text.substr(0, i);
    const std::string_view rest = text.substr(i);
    bool restIsLetters = !rest.empty();
    for (char c : rest) {
        restIsLetters = restIsLetters && isAsciiLetter(c);
    }
    if (digits.empty() || (!rest.empty() && !restIsLetters)) {
        return out;
    }
    if (rest.empty()) {
        out.problem = "the unit is missing";
        return out;
    }
    if (digits.size() > 18) {
        out.problem = "too large";
        return out;
    }
    for (char c : digits) {
        out.number = out.number * 10 + static_cast<std::uint64_t>(c - '0');
    }
    out.unit = rest;
    out.valid = true;
    return out;
}

// ---- durations ----

struct DurationUnit {
    std::string_view suffix;
    std::int64_t millis;
};

// Largest first, so formatDuration picks the largest unit that divides exactly.
constexpr std::array<DurationUnit, 5> kDurationUnits{{
    {"d", 86'400'000},
    {"h", 3'600'000},
    {"m", 60'000},
    {"s", 1'000},
    {"ms", 1},
}};

constexpr std::int64_t kMaxMillis = 10'000LL * 86'400'000; // 10000 days

// ---- sizes ----

struct SizeUnit {
    std::string_view suffix;
    std::uint64_t bytes;
};

// Largest first, so formatSize picks the largest unit that divides exactly.
constexpr std::array<SizeUnit, 4> kSizeUnits{{
    {"GB", 1ULL << 30},
    {"MB", 1ULL << 20},
    {"KB", 1ULL << 10},
    {"B", 1},
}};

constexpr std::uint64_t kMaxBytes = 1024ULL << 30; // 1024GB

// ---- time of day ----

// Two ASCII digits as a number, or -1.
int twoDigits(std::string_view s) {
    if (s.size() != 2 || !isAsciiDigit(s[0]) || !isAsciiDigit(s[1])) {
        return -1;
    }
    return (s[0] - '0') * 10 + (s[1] - '0');
}

} // namespace

ParseOutcome<std::chrono::milliseconds> parseDuration(std::string_view text) {
    const UnitNumber split = splitUnitNumber(text);
    if (!split.ok()) {
        return ParseOutcome<std::chrono::milliseconds>::fail(split.problem);
    }
    for (const DurationUnit& u : kDurationUnits) {
        if (split.unit == u.suffix) {
            if (split.number > static_cast<std::uint64_t>(kMaxMillis / u.millis)) {
                return ParseOutcome<std::chrono::milliseconds>::fail("too large");
            }
            return ParseOutcome<std::chrono::milliseconds>::ok(
                std::chrono::milliseconds(static_cast<std::int64_t>(split.number) * u.millis));
        }
    }
    return ParseOutcome<std::chrono::milliseconds>::fail("unknown unit " + std::string(split.unit));
}

std::string formatDuration(std::chrono::milliseconds d) {
    const std::int64_t ms = d.count();
    if (ms == 0) {
        return "0s";
    }
    for (const DurationUnit& u : kDurationUnits) {
        if (ms % u.millis == 0) {
            return std::to_string(ms / u.millis) + std::string(u.suffix);
        }
    }
    return std::to_string(ms) + "ms";
}

ParseOutcome<std::uint64_t> parseSize(std::string_view text) {
    const UnitNumber split = splitUnitNumber(text);
    if (!split.ok()) {
        return ParseOutcome<std::uint64_t>::fail(split.problem);
    }
    for (const SizeUnit& u : kSizeUnits) {
        if (split.unit == u.suffix) {
            if (split.number > kMaxBytes / u.bytes) {
                return ParseOutcome<std::uint64_t>::fail("too large");
            }
            return ParseOutcome<std::uint64_t>::ok(split.number * u.bytes);
        }
    }
    return ParseOutcome<std::uint64_t>::fail("unknown unit " + std::string(split.unit));
}

std::string formatSize(std::uint64_t bytes) {
    for (const SizeUnit& u : kSizeUnits) {
        if (bytes != 0 && bytes % u.bytes == 0) {
            return std::to_string(bytes / u.bytes) + std::string(u.suffix);
        }
    }
    return std::to_string(bytes) + "B";
}

ParseOutcome<TimeOfDay> parseTimeOfDay(std::string_view text) {
    if (text.size() != 5 || text[2] != ':') {
        return ParseOutcome<TimeOfDay>::fail();
    }
    const int hour = twoDigits(text.substr(0, 2));
    const int minute = twoDigits(text.substr(3, 2));
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59) {
        return ParseOutcome<TimeOfDay>::fail();
    }
    return ParseOutcome<TimeOfDay>::ok(TimeOfDay{hour, minute});
}

std::string formatTimeOfDay(TimeOfDay t) {
    std::string out = "00:00";
    out[0] = static_cast<char>('0' + t.hour / 10);
    out[1] = static_cast<char>('0' + t.hour % 10);
    out[3] = static_cast<char>('0' + t.minute / 10);
    out[4] = static_cast<char>('0' + t.minute % 10);
    return out;
}

bool timeZoneExists(std::string_view name, const std::filesystem::path& zoneInfoDir) {
    if (name == "UTC") {
        return true;
    }
    if (name.empty() || name.front() == '/' || name.find("..") != std::string_view::npos) {
        return false;
    }
    const std::filesystem::path file = zoneInfoDir / std::filesystem::path(name);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        return false;
    }
    // zoneinfo also holds tables (zone.tab, iso3166.tab, ...) that are no zones.
    std::ifstream in(file, std::ios::binary);
    std::array<char, 4> magic{};
    in.read(magic.data(), magic.size());
    return in.gcount() == 4 && std::string_view(magic.data(), magic.size()) == "TZif";
}

} // namespace msgx::config
