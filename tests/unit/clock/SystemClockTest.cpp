#include "msgx/clock/SystemClock.h"

#include <gtest/gtest.h>

#include <thread>

using namespace std::chrono_literals;

TEST(SystemClock, NowFollowsSystemTime) {
    msgx::SystemClock clock;
    const auto before = std::chrono::system_clock::now();
    const auto now = clock.now();
    const auto after = std::chrono::system_clock::now();
    EXPECT_LE(before - 1us, now);
    EXPECT_LE(now, after + 1us);
}

TEST(SystemClock, StopRequestInterruptsALongSleepAtOnce) {
    msgx::SystemClock clock;
    bool reached = true;
    std::jthread sleeper([&](std::stop_token stop) { reached = clock.sleepFor(1h, stop); });
    sleeper.request_stop();
    sleeper.join();
    EXPECT_FALSE(reached);
}
