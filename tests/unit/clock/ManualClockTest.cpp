#include "msgx/clock/ManualClock.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

using namespace std::chrono_literals;
using msgx::Clock;
using msgx::ManualClock;

namespace {
const Clock::time_point kStart{std::chrono::seconds(1'700'000'000)};
}

TEST(ManualClock, StartsAtGivenTimeAndMovesOnlyWhenAdvanced) {
    ManualClock clock(kStart);
    EXPECT_EQ(clock.now(), kStart);
    clock.advance(1500ms);
    EXPECT_EQ(clock.now(), kStart + 1500ms);
    clock.set(kStart + 10s);
    EXPECT_EQ(clock.now(), kStart + 10s);
}

TEST(ManualClock, RefusesToGoBack) {
    ManualClock clock(kStart);
    EXPECT_THROW(clock.set(kStart - 1s), std::invalid_argument);
    EXPECT_THROW(clock.advance(-1s), std::invalid_argument);
    EXPECT_EQ(clock.now(), kStart);
}

TEST(ManualClock, SleeperWakesOnlyWhenDeadlineIsReached) {
    ManualClock clock(kStart);
    std::atomic<bool> woke{false};
    std::atomic<bool> reached{false};
    std::jthread sleeper([&](std::stop_token stop) {
        reached = clock.sleepUntil(kStart + 5s, stop);
        woke = true;
    });
    ASSERT_TRUE(clock.waitForSleepers(1, 5s));
    clock.advance(4s);
    // Still parked: the deadline is one second away.
    ASSERT_TRUE(clock.waitForSleepers(1, 5s));
    EXPECT_FALSE(woke.load());
    clock.advance(1s);
    sleeper.join();
    EXPECT_TRUE(woke.load());
    EXPECT_TRUE(reached.load());
    EXPECT_EQ(clock.sleepers(), 0);
}

TEST(ManualClock, StopRequestWakesSleeperWithFalse) {
    ManualClock clock(kStart);
    std::atomic<bool> reached{true};
    std::jthread sleeper([&](std::stop_token stop) { reached = clock.sleepUntil(kStart + 1h, stop); });
    ASSERT_TRUE(clock.waitForSleepers(1, 5s));
    sleeper.request_stop();
    sleeper.join();
    EXPECT_FALSE(reached.load());
    EXPECT_EQ(clock.now(), kStart);
}

TEST(ManualClock, DeadlineInThePastReturnsAtOnce) {
    ManualClock clock(kStart);
    std::stop_source source;
    EXPECT_TRUE(clock.sleepUntil(kStart - 1s, source.get_token()));
    EXPECT_TRUE(clock.sleepFor(0s, source.get_token()));
}
