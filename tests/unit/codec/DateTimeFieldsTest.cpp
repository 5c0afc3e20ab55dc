#include "msgx/codec/DateTimeFields.h"

#include "FieldAssertions.h"

#include <gtest/gtest.h>

#include <string>

using namespace std::chrono;
using namespace msgx::codec;
using msgx::codec::test::IsAbsent;
using msgx::codec::test::IsEmpty;
using msgx::codec::test::IsInvalid;
using msgx::codec::test::IsValue;

namespace {

local_seconds at(year_month_day date, hours h, minutes m, seconds s = seconds{0}) {
    return local_days{date} + h + m + s;
}

} // namespace

// ---- ddMMMyyHHmm -------------------------------------------------------------------------------

TEST(FieldDateTime, ReadsDayMonthYearHourMinute) {
    EXPECT_TRUE(IsValue(parseFieldDateTime("07MAR241925"), at(2024y / March / 7, 19h, 25min)));
    EXPECT_TRUE(IsValue(parseFieldDateTime("11JUN240705"), at(2024y / June / 11, 7h, 5min)));
    EXPECT_TRUE(IsValue(parseFieldDateTime("01JAN000000"), at(2000y / January / 1, 0h, 0min)));
    EXPECT_TRUE(IsValue(parseFieldDateTime("31DEC992359"), at(2099y / December / 31, 23h, 59min)));
}

TEST(FieldDateTime, MonthTokenInAnyLetterCase) {
    for (const char* text : {"07MAR241925", "07mar241925", "07Mar241925", "07mAR241925"}) {
        EXPECT_TRUE(IsValue(parseFieldDateTime(text), at(2024y / March / 7, 19h, 25min))) << text;
    }
    EXPECT_TRUE(IsValue(parseFieldDateTime("15Nov241200"), at(2024y / November / 15, 12h, 0min)));
    const char* months[] = {"jan", "FEB", "Mar", "aPr", "MAY", "jun",
                            "JUL", "aug", "SEP", "oct", "NOV", "dec"};
    for (unsigned m = 1; m <= 12; ++m) {
        const std::string text = std::string("01") + months[m - 1] + "241200";
        EXPECT_TRUE(IsValue(parseFieldDateTime(text), at(2024y / month{m} / 1, 12h, 0min))) << text;
    }
}

TEST(FieldDateTime, AbsentEmptyAndBlankAreNotValues) {
    EXPECT_TRUE(IsAbsent(parseFieldDateTime(std::nullopt)));
    EXPECT_TRUE(IsEmpty(parseFieldDateTime("")));
    EXPECT_TRUE(IsEmpty(parseFieldDateTime(" \t\r\n ")));
}

TEST(FieldDateTime, SurroundingWhitespaceIsTrimmed) {
    EXPECT_TRUE(IsValue(parseFieldDateTime("  07MAR241925\t\n"), at(2024y / March / 7, 19h, 25min)));
}

TEST(FieldDateTime, CalendarIsChecked) {
    EXPECT_TRUE(IsValue(parseFieldDateTime("29FEB241200"), at(2024y / February / 29, 12h, 0min)));
    EXPECT_TRUE(IsInvalid(parseFieldDateTime("29FEB231200"),
                          "'29FEB231200' is not a valid date-time ddMMMyyHHmm: FEB 2023 has no day 29"));
    EXPECT_TRUE(IsInvalid(parseFieldDateTime("31FEB241200"),
                          "'31FEB241200' is not a valid date-time ddMMMyyHHmm: FEB 2024 has no day 31"));
    EXPECT_TRUE(IsInvalid(parseFieldDateTime("31APR241200"),
                          "'31APR241200' is not a valid date-time ddMMMyyHHmm: APR 2024 has no day 31"));
    EXPECT_TRUE(IsInvalid(parseFieldDateTime("32MAR241200"),
                          "'32MAR241200' is not a valid date-time ddMMMyyHHmm: MAR 2024 has no day 32"));
    EXPECT_TRUE(
        IsInvalid(parseFieldDateTime("00MAR241200"),
                  "'00MAR241200' is not a valid date-time ddMMMyyHHmm: day 00 is out of range 01..31"));
}

TEST(FieldDateTime, ClockIsChecked) {
    EXPECT_TRUE(
        IsInvalid(parseFieldDateTime("07MAR242400"),
                  "'07MAR242400' is not a valid date-time ddMMMyyHHmm: hour 24 is out of range 00..23"));
    EXPECT_TRUE(
        IsInvalid(parseFieldDateTime("07MAR241960"),
                  "'07MAR241960' is not a valid date-time ddMMMyyHHmm: minute 60 is out of range 00..59"));
    EXPECT_TRUE(IsInvalid(parseFieldDateTime("07MAR2419:5"),
                          "'07MAR2419:5' is not a valid date-time ddMMMyyHHmm: HHmm must be four digits"));
}

TEST(FieldDateTime, ShapeIsChecked) {
    EXPECT_TRUE(IsInvalid(
        parseFieldDateTime("07XYZ241925"),
        "'07XYZ241925' is not a valid date-time ddMMMyyHHmm: unknown month 'XYZ' (expected JAN..DEC)"));
    EXPECT_TRUE(IsInvalid(parseFieldDateTime("7MAR241925"),
                          "'7MAR241925' is not a valid date-time ddMMMyyHHmm: 10 characters, expected 11"));
    EXPECT_TRUE(
        IsInvalid(parseFieldDateTime("A7MAR241925"),
                  "'A7MAR241925' is not a valid date-time ddMMMyyHHmm: the day dd must be two digits"));
    EXPECT_TRUE(
        IsInvalid(parseFieldDateTime("07MAR2A1925"),
                  "'07MAR2A1925' is not a valid date-time ddMMMyyHHmm: the year yy must be two digits"));
    EXPECT_TRUE(IsInvalid(parseFieldDateTime("07MAR2024192"),
                          "'07MAR2024192' is not a valid date-time ddMMMyyHHmm: 12 characters, expected 11"));
    EXPECT_TRUE(IsInvalid(
        parseFieldDateTime("07三月241925"),
        "'07三月241925' is not a valid date-time ddMMMyyHHmm: non-ASCII characters are not allowed"));
    EXPECT_TRUE(IsInvalid(
        parseFieldDateTime("07 MAR 1925"),
        "'07 MAR 1925' is not a valid date-time ddMMMyyHHmm: unknown month ' MA' (expected JAN..DEC)"));
}

TEST(FieldDateTime, ControlCharactersAreMaskedInTheReason) {
    EXPECT_TRUE(IsInvalid(parseFieldDateTime("07MAR\n241925"),
                          "'07MAR?241925' is not a valid date-time ddMMMyyHHmm: 12 characters, expected 11"));
}

TEST(FieldDateTime, DateOnlyValueIsNoDateTime) {
    // flop.md §2.3: a FLOP time is 11 characters; the legacy 7-character reading is not copied.
    EXPECT_TRUE(IsInvalid(parseFieldDateTime("07MAR24"),
                          "'07MAR24' is not a valid date-time ddMMMyyHHmm: 7 characters, expected 11"));
}

// ---- formatFieldDateTime -------------------------------------------------------------------------

TEST(FormatFieldDateTime, WritesDayUpperCaseMonthYearHourMinute) {
    EXPECT_EQ(formatFieldDateTime(at(2024y / March / 7, 19h, 25min)), "07MAR241925");
    EXPECT_EQ(formatFieldDateTime(at(2000y / January / 1, 0h, 0min)), "01JAN000000");
    EXPECT_EQ(formatFieldDateTime(at(2099y / December / 31, 23h, 59min)), "31DEC992359");
}

TEST(FormatFieldDateTime, DropsTheSeconds) {
    EXPECT_EQ(formatFieldDateTime(at(2024y / April / 12, 23h, 59min, 59s)), "12APR242359");
}

TEST(FormatFieldDateTime, EveryMonthIsReadBackAsTheSameMinute) {
    for (unsigned m = 1; m <= 12; ++m) {
        const local_seconds when = at(2024y / month{m} / 28, 6h, 40min);
        const std::string text = formatFieldDateTime(when);
        EXPECT_TRUE(IsValue(parseFieldDateTime(text), when)) << text;
    }
    const local_seconds leapDay = at(2028y / February / 29, 12h, 5min);
    EXPECT_TRUE(IsValue(parseFieldDateTime(formatFieldDateTime(leapDay)), leapDay));
}

// ---- ddMMMyy -----------------------------------------------------------------------------------

TEST(FieldDate, ReadsDayMonthYear) {
    EXPECT_TRUE(IsValue(parseFieldDate("27OCT24"), local_days{2024y / October / 27}));
    EXPECT_TRUE(IsValue(parseFieldDate("27oct24"), local_days{2024y / October / 27}));
    EXPECT_TRUE(IsValue(parseFieldDate(" 29Feb24 "), local_days{2024y / February / 29}));
}

TEST(FieldDate, AbsentEmptyInvalid) {
    EXPECT_TRUE(IsAbsent(parseFieldDate(std::nullopt)));
    EXPECT_TRUE(IsEmpty(parseFieldDate("")));
    EXPECT_TRUE(IsEmpty(parseFieldDate("   ")));
    EXPECT_TRUE(IsInvalid(parseFieldDate("29FEB25"),
                          "'29FEB25' is not a valid date ddMMMyy: FEB 2025 has no day 29"));
    EXPECT_TRUE(IsInvalid(parseFieldDate("31JUN24"),
                          "'31JUN24' is not a valid date ddMMMyy: JUN 2024 has no day 31"));
    EXPECT_TRUE(IsInvalid(parseFieldDate("27OCT2024"),
                          "'27OCT2024' is not a valid date ddMMMyy: 9 characters, expected 7"));
    EXPECT_TRUE(IsInvalid(parseFieldDate("07MAR241925"),
                          "'07MAR241925' is not a valid date ddMMMyy: 11 characters, expected 7"));
    EXPECT_TRUE(IsInvalid(parseFieldDate("27OKT24"),
                          "'27OKT24' is not a valid date ddMMMyy: unknown month 'OKT' (expected JAN..DEC)"));
}

// ---- yyyyMMddHHmmss ----------------------------------------------------------------------------

TEST(MessageTimestamp, ReadsFourteenDigits) {
    EXPECT_TRUE(IsValue(parseMessageTimestamp("20240318071502"), at(2024y / March / 18, 7h, 15min, 2s)));
    EXPECT_TRUE(
        IsValue(parseMessageTimestamp(" 20240229235959 "), at(2024y / February / 29, 23h, 59min, 59s)));
    EXPECT_TRUE(IsValue(parseMessageTimestamp("19991231000000"), at(1999y / December / 31, 0h, 0min)));
}

TEST(MessageTimestamp, AbsentEmptyInvalid) {
    const std::string format = " is not a valid message timestamp yyyyMMddHHmmss: ";
    EXPECT_TRUE(IsAbsent(parseMessageTimestamp(std::nullopt)));
    EXPECT_TRUE(IsEmpty(parseMessageTimestamp("\n")));
    EXPECT_TRUE(IsInvalid(parseMessageTimestamp("20230229000000"),
                          "'20230229000000'" + format + "FEB 2023 has no day 29"));
    EXPECT_TRUE(IsInvalid(parseMessageTimestamp("20241301000000"),
                          "'20241301000000'" + format + "month 13 is out of range 01..12"));
    EXPECT_TRUE(IsInvalid(parseMessageTimestamp("20240001000000"),
                          "'20240001000000'" + format + "month 00 is out of range 01..12"));
    EXPECT_TRUE(IsInvalid(parseMessageTimestamp("20240300071502"),
                          "'20240300071502'" + format + "day 00 is out of range 01..31"));
    EXPECT_TRUE(IsInvalid(parseMessageTimestamp("20240318240000"),
                          "'20240318240000'" + format + "hour 24 is out of range 00..23"));
    EXPECT_TRUE(IsInvalid(parseMessageTimestamp("20240318076000"),
                          "'20240318076000'" + format + "minute 60 is out of range 00..59"));
    EXPECT_TRUE(IsInvalid(parseMessageTimestamp("20240318071560"),
                          "'20240318071560'" + format + "second 60 is out of range 00..59"));
    EXPECT_TRUE(IsInvalid(parseMessageTimestamp("2024031807150"),
                          "'2024031807150'" + format + "13 characters, expected 14"));
    EXPECT_TRUE(IsInvalid(parseMessageTimestamp("2024-03-18T07:15"),
                          "'2024-03-18T07:15'" + format + "16 characters, expected 14"));
    EXPECT_TRUE(IsInvalid(parseMessageTimestamp("2024031807150a"),
                          "'2024031807150a'" + format + "only digits are allowed"));
}

// ---- HHmm time of day --------------------------------------------------------------------------

TEST(TimeOfDay, ReadsHoursAndMinutesSinceMidnight) {
    EXPECT_TRUE(IsValue(parseTimeOfDay("0640"), 6h + 40min));
    EXPECT_TRUE(IsValue(parseTimeOfDay("0000"), 0min));
    EXPECT_TRUE(IsValue(parseTimeOfDay("2359"), 23h + 59min));
    EXPECT_TRUE(IsValue(parseTimeOfDay("\t1405 "), 14h + 5min));
}

TEST(TimeOfDay, AbsentEmptyInvalid) {
    EXPECT_TRUE(IsAbsent(parseTimeOfDay(std::nullopt)));
    EXPECT_TRUE(IsEmpty(parseTimeOfDay("  ")));
    EXPECT_TRUE(IsInvalid(parseTimeOfDay("2400"),
                          "'2400' is not a valid time of day HHmm: hour 24 is out of range 00..23"));
    EXPECT_TRUE(IsInvalid(parseTimeOfDay("0660"),
                          "'0660' is not a valid time of day HHmm: minute 60 is out of range 00..59"));
    EXPECT_TRUE(
        IsInvalid(parseTimeOfDay("640"), "'640' is not a valid time of day HHmm: 3 characters, expected 4"));
    EXPECT_TRUE(IsInvalid(parseTimeOfDay("06:40"),
                          "'06:40' is not a valid time of day HHmm: 5 characters, expected 4"));
    EXPECT_TRUE(IsInvalid(parseTimeOfDay("06a0"),
                          "'06a0' is not a valid time of day HHmm: HHmm must be four digits"));
}

// ---- HHmm duration -----------------------------------------------------------------------------

TEST(Duration, HoursTimesSixtyPlusMinutes) {
    EXPECT_TRUE(IsValue(parseDuration("0045"), 45min));
    EXPECT_TRUE(IsValue(parseDuration("0135"), 95min));
    EXPECT_TRUE(IsValue(parseDuration("0200"), 120min));
    EXPECT_TRUE(IsValue(parseDuration("0000"), 0min));
    EXPECT_TRUE(IsValue(parseDuration("2500"), 1500min));
    EXPECT_TRUE(IsValue(parseDuration("9959"), 5999min));
    EXPECT_TRUE(IsValue(parseDuration(" 0035 "), 35min));
}

TEST(Duration, AbsentEmptyInvalid) {
    EXPECT_TRUE(IsAbsent(parseDuration(std::nullopt)));
    EXPECT_TRUE(IsEmpty(parseDuration("")));
    EXPECT_TRUE(IsInvalid(parseDuration("0060"),
                          "'0060' is not a valid duration HHmm: minute 60 is out of range 00..59"));
    EXPECT_TRUE(
        IsInvalid(parseDuration("45"), "'45' is not a valid duration HHmm: 2 characters, expected 4"));
    EXPECT_TRUE(
        IsInvalid(parseDuration("-045"), "'-045' is not a valid duration HHmm: HHmm must be four digits"));
    EXPECT_TRUE(
        IsInvalid(parseDuration("1:30"), "'1:30' is not a valid duration HHmm: HHmm must be four digits"));
}

// ---- day change --------------------------------------------------------------------------------

TEST(DayChange, SignedDigit) {
    EXPECT_TRUE(IsValue(parseDayChange("+1"), 1));
    EXPECT_TRUE(IsValue(parseDayChange("-1"), -1));
    EXPECT_TRUE(IsValue(parseDayChange("0"), 0));
    EXPECT_TRUE(IsValue(parseDayChange("2"), 2));
    EXPECT_TRUE(IsValue(parseDayChange(" -2 "), -2));
}

TEST(DayChange, AbsentEmptyInvalid) {
    const std::string format = " is not a valid day change (a signed digit such as +1, 0, -1): "
                               "expected an optional sign and one digit";
    EXPECT_TRUE(IsAbsent(parseDayChange(std::nullopt)));
    EXPECT_TRUE(IsEmpty(parseDayChange(" ")));
    EXPECT_TRUE(IsInvalid(parseDayChange("+10"), "'+10'" + format));
    EXPECT_TRUE(IsInvalid(parseDayChange("++1"), "'++1'" + format));
    EXPECT_TRUE(IsInvalid(parseDayChange("+"), "'+'" + format));
    EXPECT_TRUE(IsInvalid(parseDayChange("a"), "'a'" + format));
}
