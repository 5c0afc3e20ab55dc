#include "msgx/codec/NumberFields.h"

#include "FieldAssertions.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

using namespace msgx::codec;
using msgx::codec::test::IsAbsent;
using msgx::codec::test::IsEmpty;
using msgx::codec::test::IsInvalid;
using msgx::codec::test::IsValue;

namespace {

std::string digitsOnly() {
    return ": only digits with an optional leading sign are allowed";
}

} // namespace

TEST(ByteField, RangeOfN_byte) {
    EXPECT_TRUE(IsValue(parseByte("1"), 1));
    EXPECT_TRUE(IsValue(parseByte("127"), 127));
    EXPECT_TRUE(IsValue(parseByte("-128"), -128));
    EXPECT_TRUE(IsValue(parseByte("+5"), 5));
    EXPECT_TRUE(IsValue(parseByte("007"), 7));
    EXPECT_TRUE(IsValue(parseByte(" 12\t"), 12));
    EXPECT_TRUE(IsInvalid(parseByte("128"), "'128' is not a valid integer N(byte): out of range -128..127"));
    EXPECT_TRUE(
        IsInvalid(parseByte("-129"), "'-129' is not a valid integer N(byte): out of range -128..127"));
}

TEST(ByteField, AbsentEmptyAndNonDigits) {
    EXPECT_TRUE(IsAbsent(parseByte(std::nullopt)));
    EXPECT_TRUE(IsEmpty(parseByte("")));
    EXPECT_TRUE(IsEmpty(parseByte("  ")));
    for (const char* text : {"1.0", "1 2", "0x10", "1e2", "-", "+", "+-1", "A", "１"}) {
        EXPECT_TRUE(IsInvalid(parseByte(text),
                              "'" + std::string(text) + "' is not a valid integer N(byte)" + digitsOnly()))
            << text;
    }
}

TEST(ShortField, RangeOfN_short) {
    EXPECT_TRUE(IsValue(parseShort("158"), 158));
    EXPECT_TRUE(IsValue(parseShort("32767"), 32767));
    EXPECT_TRUE(IsValue(parseShort("-32768"), -32768));
    EXPECT_TRUE(IsInvalid(parseShort("32768"),
                          "'32768' is not a valid integer N(short): out of range -32768..32767"));
    EXPECT_TRUE(IsInvalid(parseShort("15a"), "'15a' is not a valid integer N(short)" + digitsOnly()));
    EXPECT_TRUE(IsAbsent(parseShort(std::nullopt)));
    EXPECT_TRUE(IsEmpty(parseShort("")));
}

TEST(IntField, RangeOfN_int) {
    EXPECT_TRUE(IsValue(parseInt("31002"), 31002));
    EXPECT_TRUE(IsValue(parseInt("2147483647"), 2147483647));
    EXPECT_TRUE(IsValue(parseInt("-2147483648"), INT32_MIN));
    EXPECT_TRUE(
        IsInvalid(parseInt("2147483648"),
                  "'2147483648' is not a valid integer N(int): out of range -2147483648..2147483647"));
    EXPECT_TRUE(IsAbsent(parseInt(std::nullopt)));
    EXPECT_TRUE(IsEmpty(parseInt("\n")));
}

TEST(LongField, RangeOfN_long) {
    EXPECT_TRUE(IsValue(parseLong("73310458"), std::int64_t{73310458}));
    EXPECT_TRUE(IsValue(parseLong("9223372036854775807"), INT64_MAX));
    EXPECT_TRUE(IsValue(parseLong("-9223372036854775808"), INT64_MIN));
    EXPECT_TRUE(IsValue(parseLong("000000000000000000000042"), std::int64_t{42}));
    EXPECT_TRUE(IsInvalid(parseLong("9223372036854775808"),
                          "'9223372036854775808' is not a valid integer N(long): out of range "
                          "-9223372036854775808..9223372036854775807"));
    EXPECT_TRUE(IsInvalid(parseLong("7331O458"), "'7331O458' is not a valid integer N(long)" + digitsOnly()));
    EXPECT_TRUE(IsAbsent(parseLong(std::nullopt)));
    EXPECT_TRUE(IsEmpty(parseLong("")));
}

TEST(DecimalField, ExactValueAtTheColumnScale) {
    EXPECT_TRUE(IsValue(parseDecimal("41.5"), Decimal{4150, 2}));
    EXPECT_TRUE(IsValue(parseDecimal("41"), Decimal{4100, 2}));
    EXPECT_TRUE(IsValue(parseDecimal("41.50"), Decimal{4150, 2}));
    EXPECT_TRUE(IsValue(parseDecimal("41.500"), Decimal{4150, 2}));
    EXPECT_TRUE(IsValue(parseDecimal("-0.25"), Decimal{-25, 2}));
    EXPECT_TRUE(IsValue(parseDecimal("+3.1"), Decimal{310, 2}));
    EXPECT_TRUE(IsValue(parseDecimal("0001.5"), Decimal{150, 2}));
    EXPECT_TRUE(IsValue(parseDecimal("0"), Decimal{0, 2}));
    EXPECT_TRUE(IsValue(parseDecimal(" 123456789.99 "), Decimal{12345678999, 2}));
}

TEST(DecimalField, AbsentEmptyInvalid) {
    const std::string format = " is not a valid decimal D(11,2): ";
    const std::string shape = "expected digits with an optional sign and an optional '.' fraction";
    EXPECT_TRUE(IsAbsent(parseDecimal(std::nullopt)));
    EXPECT_TRUE(IsEmpty(parseDecimal("")));
    EXPECT_TRUE(IsEmpty(parseDecimal(" \t ")));
    EXPECT_TRUE(
        IsInvalid(parseDecimal("1234567890"), "'1234567890'" + format + "at most 9 digits before the point"));
    EXPECT_TRUE(
        IsInvalid(parseDecimal("41.505"),
                  "'41.505'" + format + "at most 2 digits after the point (the value would be rounded)"));
    const auto shapeReason = [&](const char* text) { return "'" + std::string(text) + "'" + format + shape; };
    for (const char* text : {".5", "5.", "1,5", "1e3", "abc", "4 1.5", "--1", "1.2.3", "+"}) {
        EXPECT_TRUE(IsInvalid(parseDecimal(text), shapeReason(text))) << text;
    }
}

TEST(DecimalField, OtherShapes) {
    EXPECT_TRUE(IsValue(parseDecimal("123456.78", {8, 2}), Decimal{12345678, 2}));
    EXPECT_TRUE(IsInvalid(parseDecimal("1234567", {8, 2}),
                          "'1234567' is not a valid decimal D(8,2): at most 6 digits before the point"));
    EXPECT_TRUE(IsValue(parseDecimal("42", {5, 0}), Decimal{42, 0}));
    EXPECT_TRUE(IsValue(parseDecimal("0.5", {2, 2}), Decimal{50, 2}));
    EXPECT_THROW(parseDecimal("1", {19, 2}), std::invalid_argument);
    EXPECT_THROW(parseDecimal("1", {5, 6}), std::invalid_argument);
}

TEST(DecimalValue, PrintsWithItsScale) {
    EXPECT_EQ((Decimal{4150, 2}.toString()), "41.50");
    EXPECT_EQ((Decimal{-25, 2}.toString()), "-0.25");
    EXPECT_EQ((Decimal{0, 2}.toString()), "0.00");
    EXPECT_EQ((Decimal{5, 0}.toString()), "5");
    EXPECT_EQ((Decimal{INT64_MIN, 0}.toString()), "-9223372036854775808");
    EXPECT_DOUBLE_EQ((Decimal{4150, 2}.toDouble()), 41.5);
}
