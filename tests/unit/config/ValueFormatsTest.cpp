#include "msgx/config/ValueFormats.h"

#include "TempDir.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace std::chrono_literals;
using namespace msgx::config;

TEST(Durations, ParseEveryUnit) {
    EXPECT_EQ(parseDuration("250ms").value, 250ms);
    EXPECT_EQ(parseDuration("5s").value, 5s);
    EXPECT_EQ(parseDuration("10m").value, 10min);
    EXPECT_EQ(parseDuration("2h").value, 2h);
    EXPECT_EQ(parseDuration("1d").value, 24h);
    EXPECT_EQ(parseDuration("0s").value, 0ms);
    EXPECT_EQ(parseDuration("10000d").value, 240000h);
}

TEST(Durations, BareNumberSaysTheUnitIsMissing) {
    const auto outcome = parseDuration("5");
    EXPECT_FALSE(outcome.value);
    EXPECT_EQ(outcome.problem, "the unit is missing");
}

TEST(Durations, UnknownUnitIsNamed) {
    const auto outcome = parseDuration("5sec");
    EXPECT_FALSE(outcome.value);
    EXPECT_EQ(outcome.problem, "unknown unit sec");
    EXPECT_EQ(parseDuration("5S").problem, "unknown unit S");
}

TEST(Durations, RefuseOtherShapesWithoutExtraReason) {
    for (const char* text : {"", "s", "-5s", "+5s", "1.5s", "5 s", " 5s", "5s ", "1h30m", "ms5", "0x10s"}) {
        const auto outcome = parseDuration(text);
        EXPECT_FALSE(outcome.value) << text;
        EXPECT_EQ(outcome.problem, "") << text;
    }
}

TEST(Durations, RefuseValuesAboveTenThousandDays) {
    EXPECT_EQ(parseDuration("10001d").problem, "too large");
    EXPECT_EQ(parseDuration("99999999999999999999ms").problem, "too large");
}

TEST(Durations, FormatUsesTheLargestExactUnit) {
    EXPECT_EQ(formatDuration(0ms), "0s");
    EXPECT_EQ(formatDuration(50ms), "50ms");
    EXPECT_EQ(formatDuration(1500ms), "1500ms");
    EXPECT_EQ(formatDuration(90s), "90s");
    EXPECT_EQ(formatDuration(60s), "1m");
    EXPECT_EQ(formatDuration(1h), "1h");
    EXPECT_EQ(formatDuration(7 * 24h), "7d");
}

TEST(Sizes, ParseEveryUnitAsBinaryMultiples) {
    EXPECT_EQ(parseSize("100B").value, 100U);
    EXPECT_EQ(parseSize("512KB").value, 512U * 1024);
    EXPECT_EQ(parseSize("10MB").value, 10U * 1024 * 1024);
    EXPECT_EQ(parseSize("1GB").value, 1024ULL * 1024 * 1024);
    EXPECT_EQ(parseSize("1024GB").value, 1024ULL * 1024 * 1024 * 1024);
}

TEST(Sizes, RefuseBareNumbersUnknownUnitsAndHugeValues) {
    EXPECT_EQ(parseSize("10").problem, "the unit is missing");
    EXPECT_EQ(parseSize("10mb").problem, "unknown unit mb");
    EXPECT_EQ(parseSize("1TB").problem, "unknown unit TB");
    EXPECT_EQ(parseSize("1025GB").problem, "too large");
    EXPECT_FALSE(parseSize("1.5MB").value);
    EXPECT_FALSE(parseSize("-1MB").value);
}

TEST(Sizes, FormatUsesTheLargestExactUnit) {
    EXPECT_EQ(formatSize(10U * 1024 * 1024), "10MB");
    EXPECT_EQ(formatSize(1536), "1536B");
    EXPECT_EQ(formatSize(2048), "2KB");
    EXPECT_EQ(formatSize(0), "0B");
}

TEST(TimeOfDay, ParsesTwoDigitHoursAndMinutes) {
    EXPECT_EQ(parseTimeOfDay("03:00").value, (TimeOfDay{3, 0}));
    EXPECT_EQ(parseTimeOfDay("00:00").value, (TimeOfDay{0, 0}));
    EXPECT_EQ(parseTimeOfDay("23:59").value, (TimeOfDay{23, 59}));
    EXPECT_EQ(parseTimeOfDay("23:59").value->sinceMidnight(), 23h + 59min);
    EXPECT_EQ(formatTimeOfDay(TimeOfDay{3, 5}), "03:05");
}

TEST(TimeOfDay, RefusesOtherShapesAndOutOfRangeValues) {
    for (const char* text : {"3:00", "03:0", "24:00", "12:60", "03-00", "0300", "03:00:00", "ab:cd", ""}) {
        EXPECT_FALSE(parseTimeOfDay(text).value) << text;
    }
}

TEST(TimeZones, KnowsUtcAndTheSystemZoneFiles) {
    EXPECT_TRUE(timeZoneExists("UTC"));
    EXPECT_TRUE(timeZoneExists("Asia/Shanghai"));
    EXPECT_TRUE(timeZoneExists("Europe/Berlin"));
    EXPECT_FALSE(timeZoneExists("Mars/Olympus_Mons"));
    EXPECT_FALSE(timeZoneExists("Asia"));          // a directory
    EXPECT_FALSE(timeZoneExists("zone.tab"));      // a table, not a zone
    EXPECT_FALSE(timeZoneExists("asia/shanghai")); // names are case-sensitive
    EXPECT_FALSE(timeZoneExists(""));
}

TEST(TimeZones, NeverLooksOutsideTheZoneDirectory) {
    msgx::test::TempDir dir;
    std::filesystem::create_directories(dir.path() / "zones");
    std::ofstream(dir.path() / "zones" / "Test_Zone") << "TZif2 and the rest";
    std::ofstream(dir.path() / "outside") << "TZif2 and the rest";
    EXPECT_TRUE(timeZoneExists("Test_Zone", dir.path() / "zones"));
    EXPECT_FALSE(timeZoneExists("../outside", dir.path() / "zones"));
    EXPECT_FALSE(timeZoneExists((dir.path() / "outside").string(), dir.path() / "zones"));
}
