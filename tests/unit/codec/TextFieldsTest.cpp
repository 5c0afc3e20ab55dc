#include "msgx/codec/TextFields.h"

#include "FieldAssertions.h"

#include <gtest/gtest.h>

#include <string>

using namespace msgx::codec;
using msgx::codec::test::IsAbsent;
using msgx::codec::test::IsEmpty;
using msgx::codec::test::IsInvalid;
using msgx::codec::test::IsValue;

TEST(TextField, LengthCountsCharactersNotBytes) {
    EXPECT_TRUE(IsValue(parseText("B12登机口", 6), "B12登机口")); // 12 bytes, 6 characters
    EXPECT_TRUE(IsInvalid(parseText("B12登机口", 5),
                          "'B12登机口' is not a valid text C(5): 6 characters, at most 5 allowed"));
    EXPECT_TRUE(IsValue(parseText("417", 8), "417"));
    EXPECT_TRUE(IsInvalid(parseText("ABCDEFGHI", 8),
                          "'ABCDEFGHI' is not a valid text C(8): 9 characters, at most 8 allowed"));
}

TEST(TextField, TrimsXmlWhitespaceOnly) {
    EXPECT_TRUE(IsValue(parseText("  Gate 5中文 \t\n", 20), "Gate 5中文"));
    // U+3000 IDEOGRAPHIC SPACE is content, not XML whitespace.
    EXPECT_TRUE(IsValue(parseText("\u3000", 1), "\u3000"));
}

TEST(TextField, AbsentAndEmpty) {
    EXPECT_TRUE(IsAbsent(parseText(std::nullopt, 8)));
    EXPECT_TRUE(IsEmpty(parseText("", 8)));
    EXPECT_TRUE(IsEmpty(parseText(" \r\n\t", 8)));
}

TEST(TextField, LongValueIsCutInTheReason) {
    const std::string value(50, 'A');
    EXPECT_TRUE(IsInvalid(parseText(value, 8),
                          "'" + std::string(40, 'A') +
                              "...' is not a valid text C(8): 50 characters, at most 8 allowed"));
    const std::string chinese =
        "低能见度低能见度低能见度低能见度低能见度低能见度低能见度低能见度低能见度低能见度低能见度";
    EXPECT_TRUE(IsInvalid(
        parseText(chinese, 10),
        "'低能见度低能见度低能见度低能见度低能见度低能见度低能见度低能见度低能见度低能见度...' is not a "
        "valid text C(10): 44 characters, at most 10 allowed"));
}

TEST(FlagField, YAndNInAnyCase) {
    EXPECT_TRUE(IsValue(parseFlag("Y"), true));
    EXPECT_TRUE(IsValue(parseFlag("y"), true));
    EXPECT_TRUE(IsValue(parseFlag(" Y "), true));
    EXPECT_TRUE(IsValue(parseFlag("N"), false));
    EXPECT_TRUE(IsValue(parseFlag("n"), false));
}

TEST(FlagField, AbsentEmptyInvalid) {
    EXPECT_TRUE(IsAbsent(parseFlag(std::nullopt)));
    EXPECT_TRUE(IsEmpty(parseFlag("")));
    EXPECT_TRUE(IsEmpty(parseFlag("\t")));
    for (const char* text : {"X", "YES", "1", "true", "YN"}) {
        EXPECT_TRUE(
            IsInvalid(parseFlag(text), "'" + std::string(text) +
                                           "' is not a valid flag YN: only Y or N (any case) is allowed"))
            << text;
    }
}
