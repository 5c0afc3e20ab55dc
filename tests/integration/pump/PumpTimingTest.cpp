// The pump's timing rules (architecture.md §4), all on the manual clock: the head blocks while it
// waits for its backoff, the backoff sequence and its cap, exhaustion at max-attempts, the
// head-of-line deadline from the anchor, and a replay's new anchor.
#include "PumpSuite.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using pipeline::PumpStep;
using storage::ProcessingState;
using namespace std::chrono_literals;

TEST_P(PumpSuite, FailedHeadBlocksALaterDueMessageUntilItsBackoffIsOver) {
    enqueue(1, failWith(1, "INFRA", "view not loaded"));
    enqueue(2, setAttribute(2, 600001, "currentStand", "107"));

    EXPECT_EQ(pump().step().failed, 1);
    const auto waiting = pump().step();
    EXPECT_EQ(waiting.kind, PumpStep::Kind::HeadWaiting);
    EXPECT_EQ(waiting.nextAt, start() + 1s);
    clock_.advance(999ms);
    EXPECT_EQ(pump().step().kind, PumpStep::Kind::HeadWaiting);
    EXPECT_EQ(record(2).state, ProcessingState::Pending);
    EXPECT_EQ(record(2).processingStartedAt, std::nullopt);

    clock_.advance(1ms);
    const auto retried = pump().step();

    EXPECT_EQ(retried.failed, 1);
    EXPECT_EQ(record(1).attempts, 2);
    EXPECT_EQ(record(1).nextAttemptAt, start() + 1s + 2s);
    EXPECT_EQ(record(2).state, ProcessingState::Pending);
    EXPECT_EQ(flight(600001), std::nullopt);
}

TEST_P(PumpSuite, BackoffFollowsTheSequenceRepeatsItsLastValueAndIsCapped) {
    config_.pipeline.backoff = {1s, 2s, 4s, 8s, 16s};
    config_.pipeline.backoffCap = 10s;
    config_.pipeline.maxAttempts = 100;
    config_.pipeline.headDeadline = 24h;
    enqueue(1, failWith(1, "INFRA", "still down"));

    std::vector<Clock::duration> waits;
    for (int attempt = 1; attempt <= 7; ++attempt) {
        ASSERT_EQ(pump().step().failed, 1) << "attempt " << attempt;
        const auto failed = record(1);
        ASSERT_EQ(failed.attempts, attempt);
        ASSERT_TRUE(failed.nextAttemptAt.has_value());
        waits.push_back(*failed.nextAttemptAt - clock_.now());
        clock_.set(*failed.nextAttemptAt);
    }

    EXPECT_THAT(waits, ::testing::ElementsAre(1s, 2s, 4s, 8s, 10s, 10s, 10s));
}

TEST_P(PumpSuite, ReachingMaxAttemptsEndsDeadExhaustedAndFreesTheQueue) {
    enqueue(1, failWith(1, "CODEC_ERROR", "bad ETOT"));
    enqueue(2, setAttribute(2, 600002, "currentStand", "107"));

    for (int attempt = 1; attempt <= 4; ++attempt) {
        ASSERT_EQ(pump().step().failed, 1);
        clock_.set(*record(1).nextAttemptAt);
    }
    const auto last = pump().step();

    EXPECT_GE(last.finished, 1);
    const auto dead = record(1);
    EXPECT_EQ(dead.state, ProcessingState::Dead);
    EXPECT_EQ(dead.errorClass, ErrorClass::Exhausted);
    EXPECT_EQ(dead.lastError, "bad ETOT");
    EXPECT_EQ(dead.note, "after 5 attempts, last CODEC_ERROR");
    EXPECT_EQ(dead.backfillState, storage::BackfillState::Due);
    runUntilQuiet();
    EXPECT_EQ(record(2).state, ProcessingState::Succeeded);
}

TEST_P(PumpSuite, HeadDeadlineCountsFromTheAnchorNotFromTheLastUpdate) {
    config_.pipeline.backoff = {4min};
    config_.pipeline.backoffCap = 10min;
    config_.pipeline.maxAttempts = 100;
    config_.pipeline.headDeadline = 10min;
    enqueue(1, failWith(1, "INFRA", "down"));

    pump().step(); // anchor at start(), FAILED 1
    clock_.advance(4min);
    pump().step(); // FAILED 2, updated at +4min
    clock_.advance(4min);
    pump().step(); // FAILED 3, updated at +8min: 8 min since the anchor
    EXPECT_EQ(record(1).state, ProcessingState::Failed);
    EXPECT_EQ(record(1).attempts, 3);
    EXPECT_EQ(record(1).processingStartedAt, start());

    clock_.advance(4min); // 12 min since the anchor, only 4 since the last update
    pump().step();

    EXPECT_EQ(record(1).state, ProcessingState::Dead);
    EXPECT_EQ(record(1).errorClass, ErrorClass::Exhausted);
    EXPECT_EQ(record(1).attempts, 3);
}

TEST_P(PumpSuite, ReplayStartsANewDeadlineAnchor) {
    config_.pipeline.backoff = {4min};
    config_.pipeline.backoffCap = 10min;
    config_.pipeline.maxAttempts = 100;
    config_.pipeline.headDeadline = 10min;
    enqueue(1, failWith(1, "INFRA", "down"));
    pump().step();
    clock_.advance(11min);
    pump().step();
    ASSERT_EQ(record(1).state, ProcessingState::Dead);

    const auto dead = record(1);
    ASSERT_TRUE(realStore_->processing().resetForReplay(1, {dead.state, dead.attempts}).applied);
    EXPECT_EQ(record(1).processingStartedAt, std::nullopt);
    clock_.advance(1min);
    pump().step();

    const auto replayed = record(1);
    EXPECT_EQ(replayed.state, ProcessingState::Failed); // a new anchor: not past the deadline
    EXPECT_EQ(replayed.attempts, 1);
    EXPECT_EQ(replayed.processingStartedAt, start() + 12min);
}

TEST_P(PumpSuite, BatchStopsAtALaterFailedMessageThatIsNotDue) {
    enqueue(2, failWith(2, "INFRA", "not ready"));
    ASSERT_EQ(pump().step().failed, 1);                         // 2 waits until start() + 1s
    enqueue(1, setAttribute(1, 600101, "currentStand", "107")); // a late mailbox row below it
    enqueue(3, setAttribute(3, 600103, "currentStand", "107"));

    const auto step = pump().step();

    EXPECT_EQ(step.finished, 1);
    EXPECT_EQ(record(1).state, storage::ProcessingState::Succeeded);
    EXPECT_EQ(record(2).attempts, 1);
    EXPECT_EQ(record(3).state, storage::ProcessingState::Pending);
    EXPECT_EQ(pump().step().kind, pipeline::PumpStep::Kind::HeadWaiting);
}

} // namespace
} // namespace msgx::test
