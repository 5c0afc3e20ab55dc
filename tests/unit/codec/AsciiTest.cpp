#include "msgx/codec/Ascii.h"

#include <gtest/gtest.h>

#include <string>

using namespace msgx::codec;

TEST(Ascii, DigitsAreZeroToNineOnly) {
    for (char c = '0'; c <= '9'; ++c) {
        EXPECT_TRUE(isAsciiDigit(c)) << c;
    }
    for (char c : std::string("/:aZ \x7f\xd9\xa3")) { // '\xd9\xa3' is ARABIC-INDIC DIGIT THREE
        EXPECT_FALSE(isAsciiDigit(c)) << static_cast<int>(c);
    }
}

TEST(Ascii, LettersAreAToZInEitherCaseOnly) {
    for (char c : std::string("AZaz")) {
        EXPECT_TRUE(isAsciiLetter(c)) << c;
    }
    for (char c : std::string("@[`{09_ \xc3\xa9")) { // the bytes around both ranges, and UTF-8 e-acute
        EXPECT_FALSE(isAsciiLetter(c)) << static_cast<int>(c);
    }
}

TEST(Ascii, UpperCasesAsciiLettersAndKeepsEveryOtherByte) {
    EXPECT_EQ(toAsciiUpper('a'), 'A');
    EXPECT_EQ(toAsciiUpper('z'), 'Z');
    EXPECT_EQ(toAsciiUpper('A'), 'A');
    EXPECT_EQ(toAsciiUpper('{'), '{');
    EXPECT_EQ(toAsciiUpper("flop-Psdt"), "FLOP-PSDT");
    EXPECT_EQ(toAsciiUpper("07mar24"), "07MAR24");
    EXPECT_EQ(toAsciiUpper("caf\xc3\xa9"), "CAF\xc3\xa9"); // UTF-8 stays as it is
    EXPECT_EQ(toAsciiUpper(""), "");
}

TEST(Ascii, CaseTestsSeeOneRangeEach) {
    EXPECT_TRUE(isAsciiUpper('A'));
    EXPECT_TRUE(isAsciiUpper('Z'));
    EXPECT_FALSE(isAsciiUpper('a'));
    EXPECT_FALSE(isAsciiUpper('@'));
    EXPECT_FALSE(isAsciiUpper('['));
    EXPECT_TRUE(isAsciiLower('a'));
    EXPECT_TRUE(isAsciiLower('z'));
    EXPECT_FALSE(isAsciiLower('A'));
    EXPECT_FALSE(isAsciiLower('`'));
    EXPECT_FALSE(isAsciiLower('{'));
    EXPECT_FALSE(isAsciiLower('\xe9'));
}

TEST(Ascii, LowerCasesAsciiLettersAndKeepsEveryOtherByte) {
    EXPECT_EQ(toAsciiLower('A'), 'a');
    EXPECT_EQ(toAsciiLower('Z'), 'z');
    EXPECT_EQ(toAsciiLower('a'), 'a');
    EXPECT_EQ(toAsciiLower('['), '[');
    EXPECT_EQ(toAsciiLower("Bearer X-Token"), "bearer x-token");
    EXPECT_EQ(toAsciiLower("CAF\xc3\x89"), "caf\xc3\x89"); // UTF-8 E-acute stays as it is
    EXPECT_EQ(toAsciiLower(""), "");
}
