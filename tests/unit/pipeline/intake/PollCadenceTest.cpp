// The mailbox poll period: counted from the start of a poll, with at least half a period between polls.
#include "msgx/pipeline/intake/PollCadence.h"

#include <gtest/gtest.h>

namespace msgx::pipeline {
namespace {

using namespace std::chrono_literals;

const Clock::time_point kStart = Clock::time_point{} + 1000s;

TEST(PollCadence, TheTimeAPollTakesIsPartOfThePeriodNotAddedToIt) {
    EXPECT_EQ(nextPollAt(kStart, kStart + 5ms, 50ms), kStart + 50ms);
    EXPECT_EQ(nextPollAt(kStart, kStart, 1s), kStart + 1s);
    EXPECT_EQ(nextPollAt(kStart, kStart + 500ms, 1s), kStart + 1s);
}

TEST(PollCadence, APollSlowerThanHalfThePeriodIsFollowedByHalfAPeriodOfRest) {
    EXPECT_EQ(nextPollAt(kStart, kStart + 600ms, 1s), kStart + 1100ms);
    EXPECT_EQ(nextPollAt(kStart, kStart + 3s, 1s), kStart + 3500ms);
}

TEST(PollCadence, AClockSetBackDuringAPollCountsThePeriodFromItsEnd) {
    EXPECT_EQ(nextPollAt(kStart, kStart - 1h, 50ms), kStart - 1h + 50ms);
}

} // namespace
} // namespace msgx::pipeline
