// The metrics sampler's store reads (pipeline::StoreSampler): the full GROUP BY counts only as often
// as their cost allows, everything else every sample.
#include "msgx/pipeline/housekeeping/StoreSampler.h"

#include "PumpSuite.h"

#include <gmock/gmock.h>

#include <map>
#include <mutex>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;

// Every reading moves time on by one tick, so that a read between two readings "takes" a tick.
class TickingClock final : public Clock {
public:
    TickingClock(time_point start, duration tick) : now_(start), start_(start), tick_(tick) {}
    [[nodiscard]] time_point now() const override {
        std::lock_guard lock(mutex_);
        now_ += tick_;
        return now_;
    }
    [[nodiscard]] duration elapsed() const override { return now() - start_; }
    bool sleepUntil(time_point, std::stop_token) override { return true; }
    void advance(duration d) {
        std::lock_guard lock(mutex_);
        now_ += d;
    }

private:
    mutable std::mutex mutex_;
    mutable time_point now_;
    time_point start_;
    duration tick_;
};

std::int64_t messages(const metrics::StoreSample& sample, const std::string& state) {
    const std::map<std::string, std::int64_t> byState(sample.messagesByState.begin(),
                                                      sample.messagesByState.end());
    return byState.at(state);
}

TEST_P(PumpSuite, TheStoreSamplerReadsTheFullCountsAgainOnlyOnceTheirCostIsSmallBesideTheTimeSince) {
    enqueue(1, setAttribute(9001, 500001, "currentStand", "107"));
    ASSERT_EQ(runUntilQuiet(), 1);

    // A read between two clock readings takes one tick (1 s): the next full read is due 100 s later.
    TickingClock clock(start(), 1s);
    pipeline::StoreSampler sampler(*store_, clock, {"msg", "schd"});
    auto sample = sampler.sample();
    ASSERT_TRUE(sample.has_value());
    EXPECT_EQ(sampler.fullCountReads(), 1);
    EXPECT_EQ(messages(*sample, "SUCCEEDED"), 1);
    EXPECT_EQ(messages(*sample, "DEAD"), 0); // every state, 0 included
    ASSERT_EQ(sample->targets.size(), 2u);
    EXPECT_EQ(sample->targets[0].target, "msg");
    EXPECT_EQ(sample->targets[0].pending, 1); // the event of message 1, not delivered
    EXPECT_EQ(sample->targets[0].sent, 0);

    enqueue(2, setAttribute(9002, 500002, "currentStand", "108"));
    enqueue(3, setAttribute(9003, 500003, "currentStand", "109"));
    sample = sampler.sample();
    EXPECT_EQ(sampler.fullCountReads(), 1) << "2 s after a read that took 1 s";
    EXPECT_EQ(sample->queueDepth, 2) << "the queue depth is read every sample";
    EXPECT_EQ(messages(*sample, "PENDING"), 0) << "the per-state counts are those of the last full read";
    ASSERT_EQ(runUntilQuiet(), 2);
    sample = sampler.sample();
    EXPECT_EQ(sample->queueDepth, 0);
    EXPECT_EQ(sample->targets[0].pending, 3);
    EXPECT_EQ(messages(*sample, "SUCCEEDED"), 1);

    clock.advance(100s);
    sample = sampler.sample();
    EXPECT_EQ(sampler.fullCountReads(), 2);
    EXPECT_EQ(messages(*sample, "SUCCEEDED"), 3);

    // A store whose reads take no time (the test's ManualClock): the full counts every sample.
    pipeline::StoreSampler cheap(*store_, clock_, {"msg"});
    for (int i = 0; i < 3; ++i) {
        ASSERT_TRUE(cheap.sample().has_value());
    }
    EXPECT_EQ(cheap.fullCountReads(), 3);
}

} // namespace
} // namespace msgx::test
