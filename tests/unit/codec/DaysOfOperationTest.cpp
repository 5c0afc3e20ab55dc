#include "msgx/codec/DaysOfOperation.h"

#include "FieldAssertions.h"

#include <gtest/gtest.h>

#include <string>

using namespace std::chrono;
using namespace msgx::codec;
using msgx::codec::test::IsAbsent;
using msgx::codec::test::IsEmpty;
using msgx::codec::test::IsInvalid;
using msgx::codec::test::IsValue;

TEST(DaysOfOperationField, EachPositionHoldsItsDayDigitOrZero) {
    EXPECT_TRUE(IsValue(parseDaysOfOperation("1030507"),
                        DaysOfOperation{{true, false, true, false, true, false, true}}));
    EXPECT_TRUE(IsValue(parseDaysOfOperation("1234567"),
                        DaysOfOperation{{true, true, true, true, true, true, true}}));
    EXPECT_TRUE(IsValue(parseDaysOfOperation("0000000"), DaysOfOperation{}));
    EXPECT_TRUE(IsValue(parseDaysOfOperation(" 0000067 "),
                        DaysOfOperation{{false, false, false, false, false, true, true}}));
}

TEST(DaysOfOperationField, AnswersByWeekday) {
    const DaysOfOperation days = parseDaysOfOperation("1030507").value();
    EXPECT_TRUE(days.operatesOn(Monday));
    EXPECT_FALSE(days.operatesOn(Tuesday));
    EXPECT_TRUE(days.operatesOn(Wednesday));
    EXPECT_FALSE(days.operatesOn(Saturday));
    EXPECT_TRUE(days.operatesOn(Sunday));
}

TEST(DaysOfOperationField, AbsentEmptyInvalid) {
    const std::string format =
        " is not a valid days of operation (7 positions, Monday..Sunday, e.g. 1030507): ";
    EXPECT_TRUE(IsAbsent(parseDaysOfOperation(std::nullopt)));
    EXPECT_TRUE(IsEmpty(parseDaysOfOperation("")));
    EXPECT_TRUE(IsInvalid(parseDaysOfOperation("103050"), "'103050'" + format + "6 characters, expected 7"));
    EXPECT_TRUE(IsInvalid(parseDaysOfOperation("2000000"),
                          "'2000000'" + format + "position 1 must be 1 or 0, not '2'"));
    EXPECT_TRUE(IsInvalid(parseDaysOfOperation("1X30507"),
                          "'1X30507'" + format + "position 2 must be 2 or 0, not 'X'"));
    EXPECT_TRUE(IsInvalid(parseDaysOfOperation("1 30507"),
                          "'1 30507'" + format + "position 2 must be 2 or 0, not ' '"));
}
