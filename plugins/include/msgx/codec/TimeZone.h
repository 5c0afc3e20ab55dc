#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::codec {

inline constexpr std::string_view kSystemZoneInfoDir = "/usr/share/zoneinfo";

// A zone could not be loaded: unknown or unsafe name, unreadable or corrupt zone file, or a zone
// this class does not support (see TimeZone).
class TimeZoneError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Converts between the local business time of the interface (all field times are local airport
// time, envelope.md §4.1; Asia/Shanghai by default) and UTC, from the system tz database.
//
// g++ 12's libstdc++ has no std::chrono::tzdb and Poco has no zones, and the C library's zone
// functions work on the process-wide TZ; so this class reads the compiled zone file (TZif, RFC 8536)
// itself. It supports every zone whose rule after the last transition in the file is a fixed offset
// (the file's footer has no daylight-saving part): Asia/Shanghai (CST-8 since 1991, with its 1986-1991
// summer times in the table), UTC, Asia/Hong_Kong, Asia/Tokyo and most zones without daylight saving
// today. A zone with a daylight-saving rule (Europe/Berlin, America/New_York) and the leap-second
// "right/" zones are refused at load with a TimeZoneError that says so, never converted wrongly.
//
// Load once (at start-up), then use from any thread: a loaded TimeZone is immutable.
class TimeZone {
public:
    // Reads zoneInfoDir/name ("Asia/Shanghai"). Throws TimeZoneError when the name is empty,
    // absolute, contains "..", or the file is missing, not a zone file, corrupt or unsupported.
    static TimeZone
    load(std::string_view name,
         const std::filesystem::path& zoneInfoDir = std::filesystem::path(kSystemZoneInfoDir));
    // UTC without reading any file.
    static TimeZone utc();

    [[nodiscard]] const std::string& name() const { return name_; }

    // The conversions take any instant or local time within 10^15 seconds (30 million years) of
    // 1970 and throw std::out_of_range beyond, where the offset arithmetic could overflow.

    // Offset from UTC in force at instant `utc` (local = utc + offset).
    [[nodiscard]] std::chrono::seconds offsetAt(std::chrono::sys_seconds utc) const;
    [[nodiscard]] std::chrono::local_seconds toLocal(std::chrono::sys_seconds utc) const;
    // The instant of a local wall-clock time. Where the clock was turned back and the local time
    // occurred twice, the earlier instant; where it was turned forward and the local time never
    // occurred, the local time read with the offset before the change (so 02:30 in a 02:00->03:00
    // gap becomes 03:30 local). Both choices are java.time's ZonedDateTime.of, which the legacy
    // consumer ran on.
    [[nodiscard]] std::chrono::sys_seconds toUtc(std::chrono::local_seconds local) const;

private:
    // `offset` is in force from `start` (UTC seconds since the epoch) until the next period's start.
    struct Period {
        std::int64_t start;
        std::int64_t offset;
    };

    TimeZone(std::string name, std::vector<Period> periods);

    std::string name_;
    std::vector<Period> periods_; // sorted by start; the first starts at the beginning of time
};

} // namespace msgx::codec
