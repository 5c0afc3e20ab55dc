#include "msgx/codec/TimeZone.h"

#include "TempDir.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

using namespace std::chrono;
using msgx::codec::TimeZone;
using msgx::codec::TimeZoneError;

namespace {

sys_seconds utcAt(year_month_day date, hours h, minutes m) {
    return sys_days{date} + h + m;
}
local_seconds localAt(year_month_day date, hours h, minutes m) {
    return local_days{date} + h + m;
}

// The offset glibc's localtime_r reports for `instant` in `zone`, read through a TZ set for the
// duration of the call (tests run on one thread).
// NOLINTBEGIN(concurrency-mt-unsafe): the C library's zone functions are the reference here.
seconds glibcOffset(const std::string& zone, std::int64_t instant) {
    const char* previous = std::getenv("TZ");
    const std::string saved = previous != nullptr ? previous : "";
    ::setenv("TZ", (":" + zone).c_str(), 1);
    ::tzset();
    const std::time_t t = static_cast<std::time_t>(instant);
    std::tm local{};
    ::localtime_r(&t, &local);
    if (previous != nullptr) {
        ::setenv("TZ", saved.c_str(), 1);
    } else {
        ::unsetenv("TZ");
    }
    ::tzset();
    return seconds(local.tm_gmtoff);
}
// NOLINTEND(concurrency-mt-unsafe)

std::string expectLoadError(const std::string& name, const std::filesystem::path& dir) {
    try {
        TimeZone::load(name, dir);
    } catch (const TimeZoneError& error) {
        return error.what();
    }
    ADD_FAILURE() << name << " loaded";
    return {};
}

// Writes a version-2 zone file: the given transitions (UTC seconds, type index), types (UT offset,
// isdst) and footer TZ string, with `leapSeconds` leap-second records.
void writeZoneFile(const std::filesystem::path& file,
                   const std::vector<std::pair<std::int64_t, std::uint8_t>>& transitions,
                   const std::vector<std::int32_t>& offsets, const std::string& footer,
                   std::uint32_t leapSeconds = 0) {
    std::string bytes;
    const auto put32 = [&](std::uint32_t v) {
        for (int shift = 24; shift >= 0; shift -= 8) {
            bytes += static_cast<char>((v >> shift) & 0xFF);
        }
    };
    const auto put64 = [&](std::uint64_t v) {
        for (int shift = 56; shift >= 0; shift -= 8) {
            bytes += static_cast<char>((v >> shift) & 0xFF);
        }
    };
    const auto header = [&]() {
        bytes += "TZif2";
        bytes += std::string(15, '\0');
        put32(0);           // isutcnt
        put32(0);           // isstdcnt
        put32(leapSeconds); // leapcnt
        put32(static_cast<std::uint32_t>(transitions.size()));
        put32(static_cast<std::uint32_t>(offsets.size()));
        put32(4); // charcnt: "ZZZ\0"
    };
    const auto block = [&](bool wide) {
        for (const auto& [at, type] : transitions) {
            wide ? put64(static_cast<std::uint64_t>(at)) : put32(static_cast<std::uint32_t>(at));
        }
        for (const auto& [at, type] : transitions) {
            bytes += static_cast<char>(type);
        }
        for (std::int32_t offset : offsets) {
            put32(static_cast<std::uint32_t>(offset));
            bytes += '\0';
            bytes += '\0';
        }
        bytes += std::string("ZZZ") + '\0';
        for (std::uint32_t i = 0; i < leapSeconds; ++i) {
            wide ? put64(0) : put32(0);
            put32(1);
        }
    };
    header();
    block(false);
    header();
    block(true);
    bytes += "\n" + footer + "\n";
    std::ofstream(file, std::ios::binary) << bytes;
}

} // namespace

TEST(TimeZone, ShanghaiIsEightHoursAheadOfUtcToday) {
    const TimeZone shanghai = TimeZone::load("Asia/Shanghai");
    EXPECT_EQ(shanghai.name(), "Asia/Shanghai");
    EXPECT_EQ(shanghai.toUtc(localAt(2024y / March / 7, 19h, 25min)), utcAt(2024y / March / 7, 11h, 25min));
    EXPECT_EQ(shanghai.toUtc(localAt(2024y / June / 11, 7h, 5min)), utcAt(2024y / June / 10, 23h, 5min));
    EXPECT_EQ(shanghai.toLocal(utcAt(2024y / June / 10, 23h, 5min)), localAt(2024y / June / 11, 7h, 5min));
    EXPECT_EQ(shanghai.offsetAt(utcAt(2099y / December / 31, 23h, 0min)), 8h);
}

TEST(TimeZone, SameOffsetsAsTheCLibraryForEveryWeekSince1900) {
    for (const std::string zone : {"Asia/Shanghai", "Asia/Hong_Kong", "Asia/Taipei", "Asia/Urumqi",
                                   "Asia/Tokyo", "Asia/Kolkata", "UTC"}) {
        const TimeZone loaded = TimeZone::load(zone);
        int mismatches = 0;
        // 1900-01-01 to 2040-01-01 in steps of a week and a bit, so every weekday and hour is hit.
        for (std::int64_t instant = -2208988800; instant < 2208988800 && mismatches < 5;
             instant += 7 * 86400 + 3599) {
            const seconds expected = glibcOffset(zone, instant);
            const seconds actual = loaded.offsetAt(sys_seconds(seconds(instant)));
            if (actual != expected) {
                ++mismatches;
                ADD_FAILURE() << zone << " at " << instant << ": offset " << actual.count()
                              << " s, C library says " << expected.count() << " s";
            }
            // The local time converts back to an instant showing the same local time (the same instant
            // unless the clock was turned back, when it is the earlier one).
            const local_seconds local = loaded.toLocal(sys_seconds(seconds(instant)));
            if (loaded.toLocal(loaded.toUtc(local)) != local) {
                ++mismatches;
                ADD_FAILURE() << zone << " at " << instant << ": local time does not convert back";
            }
        }
    }
}

TEST(TimeZone, ShanghaiSummerTimeGapReadsWithTheOffsetBefore) {
    // 1986-05-04 02:00 CST became 03:00 CDT (1986-05-03 18:00 UTC): 02:30 never happened.
    const TimeZone shanghai = TimeZone::load("Asia/Shanghai");
    EXPECT_EQ(shanghai.toUtc(localAt(1986y / May / 4, 2h, 30min)), utcAt(1986y / May / 3, 18h, 30min));
    EXPECT_EQ(shanghai.toLocal(utcAt(1986y / May / 3, 18h, 30min)), localAt(1986y / May / 4, 3h, 30min));
    EXPECT_EQ(shanghai.toUtc(localAt(1986y / May / 4, 1h, 59min)), utcAt(1986y / May / 3, 17h, 59min));
    EXPECT_EQ(shanghai.toUtc(localAt(1986y / May / 4, 3h, 0min)), utcAt(1986y / May / 3, 18h, 0min));
}

TEST(TimeZone, ShanghaiSummerTimeOverlapTakesTheEarlierInstant) {
    // 1986-09-14 02:00 CDT became 01:00 CST (1986-09-13 17:00 UTC): 01:30 happened twice.
    const TimeZone shanghai = TimeZone::load("Asia/Shanghai");
    EXPECT_EQ(shanghai.toUtc(localAt(1986y / September / 14, 1h, 30min)),
              utcAt(1986y / September / 13, 16h, 30min));
    EXPECT_EQ(shanghai.toUtc(localAt(1986y / September / 14, 2h, 0min)),
              utcAt(1986y / September / 13, 18h, 0min));
}

TEST(TimeZone, UtcNeedsNoFile) {
    const TimeZone utc = TimeZone::utc();
    EXPECT_EQ(utc.name(), "UTC");
    EXPECT_EQ(utc.toUtc(localAt(2024y / March / 7, 19h, 25min)), utcAt(2024y / March / 7, 19h, 25min));
    EXPECT_EQ(utc.offsetAt(utcAt(2024y / March / 7, 19h, 25min)), 0s);
}

TEST(TimeZone, TimesFarOutsideHistoryAreRefused) {
    const TimeZone shanghai = TimeZone::load("Asia/Shanghai");
    EXPECT_THROW((void)shanghai.toUtc(local_seconds::max()), std::out_of_range);
    EXPECT_THROW((void)shanghai.toLocal(sys_seconds::min()), std::out_of_range);
    EXPECT_EQ(shanghai.toUtc(local_seconds(seconds(1'000'000'000'000'000))),
              sys_seconds(seconds(1'000'000'000'000'000 - std::int64_t{8} * 3600)));
}

TEST(TimeZone, DaylightSavingZonesAreRefusedNotConvertedWrongly) {
    const std::string message = expectLoadError("Europe/Berlin", msgx::codec::kSystemZoneInfoDir);
    EXPECT_EQ(
        message,
        "time zone Europe/Berlin follows the daylight-saving rule 'CET-1CEST,M3.5.0,M10.5.0/3'; only "
        "zones with a fixed offset after their last transition are supported (e.g. Asia/Shanghai, UTC)");
}

TEST(TimeZone, UnsafeOrUnknownNamesAreRefused) {
    const std::filesystem::path system(msgx::codec::kSystemZoneInfoDir);
    for (const std::string name :
         {"", "/etc/passwd", "../etc/passwd", "Asia/../../etc/passwd", "Asia/Shang hai"}) {
        EXPECT_EQ(expectLoadError(name, system),
                  "'" + name + "' is not a time zone name such as Asia/Shanghai");
    }
    EXPECT_EQ(expectLoadError("No/Such_Zone", system),
              "time zone No/Such_Zone: no zone file /usr/share/zoneinfo/No/Such_Zone");
    EXPECT_EQ(expectLoadError("zone.tab", system), "time zone zone.tab: corrupt zone file (no TZif magic)");
    EXPECT_EQ(expectLoadError("Asia", system), "time zone Asia: no zone file /usr/share/zoneinfo/Asia");
}

TEST(TimeZone, FixedFooterAfterTransitionsIsSupported) {
    msgx::test::TempDir dir;
    // +07:00 until 2000-01-01T00:00Z, then +09:00 for good.
    writeZoneFile(dir.path() / "Test_Fixed", {{946684800, 1}}, {7 * 3600, 9 * 3600}, "<+09>-9");
    const TimeZone zone = TimeZone::load("Test_Fixed", dir.path());
    EXPECT_EQ(zone.offsetAt(utcAt(1999y / December / 31, 23h, 59min)), 7h);
    EXPECT_EQ(zone.offsetAt(utcAt(2000y / January / 1, 0h, 0min)), 9h);
    EXPECT_EQ(zone.toUtc(localAt(2030y / January / 1, 9h, 0min)), utcAt(2030y / January / 1, 0h, 0min));
}

TEST(TimeZone, SyntheticDaylightSavingFooterIsRefused) {
    msgx::test::TempDir dir;
    writeZoneFile(dir.path() / "Test_Dst", {}, {-5 * 3600}, "EST5EDT,M3.2.0,M11.1.0");
    EXPECT_EQ(expectLoadError("Test_Dst", dir.path()),
              "time zone Test_Dst follows the daylight-saving rule 'EST5EDT,M3.2.0,M11.1.0'; only zones with "
              "a fixed "
              "offset after their last transition are supported (e.g. Asia/Shanghai, UTC)");
}

TEST(TimeZone, LeapSecondZonesAreRefused) {
    msgx::test::TempDir dir;
    writeZoneFile(dir.path() / "Test_Leap", {}, {0}, "UTC0", 1);
    EXPECT_EQ(expectLoadError("Test_Leap", dir.path()),
              "time zone Test_Leap counts leap seconds; use the zone without the right/ prefix");
}

TEST(TimeZone, CorruptFilesAreRefused) {
    msgx::test::TempDir dir;
    std::ifstream in("/usr/share/zoneinfo/Asia/Shanghai", std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_GT(bytes.size(), 200u);
    std::ofstream(dir.path() / "Truncated", std::ios::binary) << bytes.substr(0, 200);
    EXPECT_EQ(expectLoadError("Truncated", dir.path()), "time zone Truncated: corrupt zone file (truncated)");

    writeZoneFile(dir.path() / "Test_Order", {{100, 0}, {50, 0}}, {0}, "UTC0");
    EXPECT_EQ(expectLoadError("Test_Order", dir.path()),
              "time zone Test_Order: corrupt zone file (transitions out of order)");
    writeZoneFile(dir.path() / "Test_Type", {{100, 3}}, {0}, "UTC0");
    EXPECT_EQ(expectLoadError("Test_Type", dir.path()),
              "time zone Test_Type: corrupt zone file (transition to an unknown type)");
    writeZoneFile(dir.path() / "Test_Footer", {}, {0}, "0UTC");
    EXPECT_EQ(expectLoadError("Test_Footer", dir.path()),
              "time zone Test_Footer: corrupt zone file (footer '0UTC' is no POSIX TZ string)");
}
