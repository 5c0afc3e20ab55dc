// The per-peer rate limit of the compat endpoints (http.compat-rate-limit / -burst) on a manual
// clock: the burst, the refill and its Retry-After, peers apart, and the bound on the peers kept.
#include "msgx/http/PeerRateLimit.h"

#include "msgx/clock/ManualClock.h"

#include <gtest/gtest.h>

using msgx::ManualClock;
using msgx::http::PeerRateLimit;
using namespace std::chrono_literals;

namespace {

ManualClock::time_point start() {
    return ManualClock::time_point{} + 24h * 365 * 50;
}

} // namespace

TEST(PeerRateLimit, ABurstThenTheRateWithTheSecondsToWait) {
    ManualClock clock(start());
    PeerRateLimit limit(clock, 1, 3);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(limit.admit("10.0.0.1"), std::nullopt) << i;
    }
    EXPECT_EQ(limit.admit("10.0.0.1"), 1);
    clock.advance(999ms);
    EXPECT_EQ(limit.admit("10.0.0.1"), 1) << "not quite one call back yet";
    clock.advance(1ms);
    EXPECT_EQ(limit.admit("10.0.0.1"), std::nullopt);
    clock.advance(1h);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(limit.admit("10.0.0.1"), std::nullopt) << "the bucket holds the burst, not an hour: " << i;
    }
    EXPECT_EQ(limit.admit("10.0.0.1"), 1);
}

TEST(PeerRateLimit, RetryAfterIsTheWholeSecondsUntilOneCall) {
    ManualClock clock(start());
    PeerRateLimit slow(clock, 1, 1);
    EXPECT_EQ(slow.admit("a"), std::nullopt);
    EXPECT_EQ(slow.admit("a"), 1);
    PeerRateLimit fast(clock, 50, 1);
    EXPECT_EQ(fast.admit("a"), std::nullopt);
    EXPECT_EQ(fast.admit("a"), 1) << "at least one second";
}

TEST(PeerRateLimit, PeersHaveTheirOwnBuckets) {
    ManualClock clock(start());
    PeerRateLimit limit(clock, 1, 1);
    EXPECT_EQ(limit.admit("10.0.0.1"), std::nullopt);
    EXPECT_EQ(limit.admit("10.0.0.1"), 1);
    EXPECT_EQ(limit.admit("10.0.0.2"), std::nullopt);
}

// A flood of addresses keeps at most kMaxPeers buckets: idle (full) ones are dropped for newcomers,
// and while none is idle the newcomers share one bucket, so the flood is limited all the same.
TEST(PeerRateLimit, ThePeersKeptAreBounded) {
    ManualClock clock(start());
    PeerRateLimit limit(clock, 1, 1);
    for (std::size_t i = 0; i < PeerRateLimit::kMaxPeers; ++i) {
        EXPECT_EQ(limit.admit("p" + std::to_string(i)), std::nullopt);
    }
    EXPECT_EQ(limit.peers(), PeerRateLimit::kMaxPeers);
    EXPECT_EQ(limit.admit("new-1"), std::nullopt) << "the overflow bucket's one call";
    EXPECT_EQ(limit.admit("new-2"), 1) << "shared with new-1";
    EXPECT_EQ(limit.peers(), PeerRateLimit::kMaxPeers);
    clock.advance(1s); // every bucket is full again: idle peers are dropped for the next newcomer
    EXPECT_EQ(limit.admit("new-3"), std::nullopt);
    EXPECT_EQ(limit.peers(), 1u);
}
