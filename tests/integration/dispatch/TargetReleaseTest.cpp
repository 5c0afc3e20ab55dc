// The operator's release of a held target: retry requeues the DEAD events, skip moves the release
// mark past them; both write OPS_AUDIT.
#include "DispatchTest.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using delivery::SendResult;
using storage::EventState;
using testing::ElementsAre;
using testing::HasSubstr;
using Status = SendResult::Status;

class TargetReleaseTest : public DispatchTest {
protected:
    // Two events of flight 1; the first is refused until DEAD (one attempt allowed): the target is held.
    void holdTarget() {
        ids_ = outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)}, {"msg", 1, flightUpdate(1, 2)}});
        auto settings = msgSettings();
        settings.maxAttempts = 1;
        d_ = dispatcher(settings);
        sink_.script(ScriptedSink::each({Status::Refused}, "INVALID_RECORD"));
        d_->runOnce();
        d_->runOnce();
        ASSERT_TRUE(d_->status().held);
        ASSERT_EQ(event(ids_[0]).state, EventState::Dead);
    }

    std::vector<storage::EventId> ids_;
    std::unique_ptr<delivery::Dispatcher> d_;
};

TEST_F(TargetReleaseTest, RetryRequeuesTheDeadEventsWhichAreDeliveredFirstAndAudited) {
    holdTarget();
    EXPECT_EQ(delivery::retryDeadEvents(store(), "msg", "msgxctl:alice"), 1);

    const auto dead = event(ids_[0]);
    EXPECT_EQ(dead.state, EventState::Pending);
    EXPECT_EQ(dead.attempts, 0);
    const auto audit = store().audit().recent(1);
    ASSERT_EQ(audit.size(), 1u);
    EXPECT_EQ(audit[0].actor, "msgxctl:alice");
    EXPECT_EQ(audit[0].action, "events-retry");
    EXPECT_THAT(audit[0].detail.value_or(""), HasSubstr("target=msg"));
    EXPECT_THAT(audit[0].detail.value_or(""), HasSubstr("ids=" + std::to_string(ids_[0])));

    d_->runOnce();
    EXPECT_FALSE(d_->status().held);
    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids_[0], ids_[1], ids_[0], ids_[1]));
    EXPECT_EQ(event(ids_[0]).state, EventState::Sent);
    EXPECT_EQ(event(ids_[1]).state, EventState::Sent);
}

TEST_F(TargetReleaseTest, SkipKeepsTheDeadEventsDeadMovesOnAndAHoldComesBackForANewDeadEvent) {
    holdTarget();
    EXPECT_EQ(delivery::skipDeadEvents(store(), "msg", "msgxctl:bob"), 1);

    EXPECT_EQ(event(ids_[0]).state, EventState::Dead);
    EXPECT_EQ(delivery::releaseMark(store(), "msg"), ids_[0]);
    const auto cursor = store().cursors().load(delivery::releaseCursorName("msg"));
    ASSERT_TRUE(cursor.has_value());
    EXPECT_EQ(cursor->watermark, ids_[0]);
    const auto audit = store().audit().recent(1);
    ASSERT_EQ(audit.size(), 1u);
    EXPECT_EQ(audit[0].actor, "msgxctl:bob");
    EXPECT_EQ(audit[0].action, "events-skip");
    EXPECT_THAT(audit[0].detail.value_or(""), HasSubstr("ids=" + std::to_string(ids_[0])));

    d_->runOnce();
    EXPECT_FALSE(d_->status().held);
    EXPECT_EQ(event(ids_[1]).state, EventState::Sent);

    // A new DEAD event holds the target again: the mark only covers what was skipped.
    const auto next = outbox_.addEvents({{"msg", 1, flightUpdate(1, 3)}, {"msg", 1, flightUpdate(1, 4)}});
    sink_.script(ScriptedSink::each({Status::Refused}, "INVALID_RECORD"));
    d_->runOnce();
    d_->runOnce();
    EXPECT_TRUE(d_->status().held);
    EXPECT_EQ(event(next[1]).state, EventState::Pending);
}

// Issue 18 (3): a DEAD event the target moved past (skipped) is older than what was delivered
// since; a later retry requeues only the DEAD events that still hold the target.
TEST_F(TargetReleaseTest, RetryLeavesTheDeadEventsThatWereSkippedBeforeDead) {
    holdTarget();
    ASSERT_EQ(delivery::skipDeadEvents(store(), "msg", "msgxctl:bob"), 1);
    d_->runOnce();
    ASSERT_EQ(event(ids_[1]).state, EventState::Sent);
    const auto next = outbox_.addEvents({{"msg", 1, flightUpdate(1, 3)}, {"msg", 1, flightUpdate(1, 4)}});
    sink_.script(ScriptedSink::each({Status::Refused}, "INVALID_RECORD"));
    d_->runOnce();
    d_->runOnce();
    ASSERT_TRUE(d_->status().held);
    ASSERT_EQ(event(next[0]).state, EventState::Dead);

    EXPECT_EQ(delivery::retryDeadEvents(store(), "msg", "msgxctl:erin"), 1);
    EXPECT_EQ(event(ids_[0]).state, EventState::Dead) << "skipped before: never delivered after newer events";
    EXPECT_EQ(event(next[0]).state, EventState::Pending);
    const auto audit = store().audit().recent(1);
    ASSERT_EQ(audit.size(), 1u);
    EXPECT_THAT(audit[0].detail.value_or(""), HasSubstr("events=1 ids=" + std::to_string(next[0])));
    d_->runOnce();
    EXPECT_FALSE(d_->status().held);
    EXPECT_EQ(event(next[0]).state, EventState::Sent);
    EXPECT_EQ(event(next[1]).state, EventState::Sent);
}

TEST_F(TargetReleaseTest, ReleasingATargetWithoutDeadEventsChangesNothingButIsAudited) {
    outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)}});
    EXPECT_EQ(delivery::skipDeadEvents(store(), "msg", "msgxctl:carol"), 0);
    EXPECT_EQ(delivery::retryDeadEvents(store(), "msg", "msgxctl:carol"), 0);
    EXPECT_EQ(delivery::releaseMark(store(), "msg"), 0);
    const auto audit = store().audit().recent(2);
    ASSERT_EQ(audit.size(), 2u);
    EXPECT_EQ(audit[0].action, "events-retry");
    EXPECT_EQ(audit[1].action, "events-skip");
    EXPECT_THAT(audit[1].detail.value_or(""), HasSubstr("events=0"));
}

TEST_F(TargetReleaseTest, ReleasingOneTargetLeavesTheOtherHeld) {
    holdTarget();
    EXPECT_EQ(delivery::skipDeadEvents(store(), "schd", "msgxctl:dave"), 0);
    d_->runOnce();
    EXPECT_TRUE(d_->status().held);
    EXPECT_EQ(event(ids_[1]).state, EventState::Pending);
}

} // namespace
} // namespace msgx::test
