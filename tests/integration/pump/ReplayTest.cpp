// Replay (US-10) against a real store and the pump: which messages may be replayed, the reset
// itself (attempts, a new deadline anchor, identity kept), the OPS_AUDIT record, and a plan that
// went stale between preview and apply.
#include "msgx/pipeline/operations/Replay.h"

#include "PumpSuite.h"

#include <gmock/gmock.h>

#include <functional>

namespace msgx::test {
namespace {

using storage::ProcessingState;
using ::testing::HasSubstr;
using namespace std::chrono_literals;

// Steps the pump, moving the clock past every backoff, until message `id` is terminal.
void runToTerminal(pipeline::Pump& pump, ManualClock& clock,
                   const std::function<storage::ProcessingRecord()>& record) {
    for (int i = 0; i < 50 && !storage::isTerminal(record().state); ++i) {
        pump.step();
        clock.advance(30s);
    }
}

TEST_P(PumpSuite, ReplayResetsOnlyEligibleMessagesAndRecordsWhoAndWhy) {
    enqueue(1, failWith(1, "INFRA", "view not loaded"));
    enqueue(2, "<MSG><META><TYPE>TEST</TYPE>");
    enqueue(3, setAttribute(3, 500201, "currentStand", "12"));
    runToTerminal(pump(), clock_, [this] { return record(1); });
    runUntilQuiet();
    ASSERT_EQ(record(1).state, ProcessingState::Dead);
    ASSERT_EQ(record(1).errorClass, ErrorClass::Exhausted);
    ASSERT_EQ(record(2).errorClass, ErrorClass::Malformed);
    ASSERT_EQ(record(3).state, ProcessingState::Succeeded);
    const auto identity = record(1).identityKey;
    ASSERT_TRUE(identity.has_value());

    const auto plan = pipeline::planReplay(*realStore_, {{1, 2, 3, 99}, std::nullopt, 1000});
    ASSERT_EQ(plan.candidates.size(), 4u);
    EXPECT_TRUE(plan.candidates[0].eligible);
    EXPECT_THAT(plan.candidates[1].refusal, HasSubstr("MALFORMED"));
    EXPECT_THAT(plan.candidates[2].refusal, HasSubstr("is SUCCEEDED; only FAILED or DEAD"));
    EXPECT_THAT(plan.candidates[3].refusal, HasSubstr("not in the own store"));
    EXPECT_EQ(plan.eligibleCount(), 1);

    const auto byClass = pipeline::planReplay(*realStore_, {{}, ErrorClass::Exhausted, 1000});
    ASSERT_EQ(byClass.candidates.size(), 1u);
    EXPECT_EQ(byClass.candidates[0].id, 1);

    clock_.advance(1h);
    const auto outcome = pipeline::applyReplay(*realStore_, plan, "msgxctl:ops", "handler fixed");
    EXPECT_EQ(outcome.replayed, (std::vector<storage::MailboxId>{1}));
    EXPECT_EQ(outcome.refused.size(), 3u);
    const auto reset = record(1);
    EXPECT_EQ(reset.state, ProcessingState::Pending);
    EXPECT_EQ(reset.attempts, 0);
    EXPECT_EQ(reset.processingStartedAt, std::nullopt);
    EXPECT_EQ(reset.identityKey, identity);
    const auto audit = realStore_->audit().recent(1);
    ASSERT_EQ(audit.size(), 1u);
    EXPECT_EQ(audit[0].actor, "msgxctl:ops");
    EXPECT_EQ(audit[0].action, "replay");
    EXPECT_THAT(audit[0].detail.value_or(""), HasSubstr("handler fixed"));
    EXPECT_THAT(audit[0].detail.value_or(""), HasSubstr("\"EXHAUSTED\""));
    EXPECT_THAT(audit[0].detail.value_or(""), HasSubstr("MALFORMED"));

    // Processed again under a new anchor: the deadline counts from now, not from the first run.
    pump().step();
    const auto again = record(1);
    EXPECT_EQ(again.state, ProcessingState::Failed);
    EXPECT_EQ(again.attempts, 1);
    EXPECT_EQ(again.processingStartedAt, clock_.now());

    // The preview is stale now: applying it refuses message 1 instead of resetting it.
    const auto stale = pipeline::applyReplay(*realStore_, plan, "msgxctl:ops", "again");
    EXPECT_TRUE(stale.replayed.empty());
    EXPECT_EQ(record(1).attempts, 1);
}

// US-10.4 (issue 18): a flight the failed message names changed after it failed; the preview warns
// and applying it needs force, recorded in the audit.
TEST_P(PumpSuite, AReplayOverAFlightThatChangedSinceNeedsForce) {
    enqueue(1, setAttribute(1, 500301, "currentStand", "11"));
    enqueue(2, scripted("FAIL", 2, "<FLID>500301</FLID><CLASS>INFRA</CLASS><TEXT>view not loaded</TEXT>"));
    runToTerminal(pump(), clock_, [this] { return record(2); });
    ASSERT_EQ(record(2).state, ProcessingState::Dead);
    const auto failedAt = record(2).updatedAt;
    clock_.advance(1min);
    enqueue(3, setAttribute(3, 500301, "currentStand", "13"));
    runUntilQuiet();
    ASSERT_EQ(record(3).state, ProcessingState::Succeeded);
    const auto changedAt = realStore_->flights().byFlid(500301)->updatedAt;
    ASSERT_GT(changedAt, failedAt);

    const auto plan = pipeline::planReplay(*realStore_, {{2}, std::nullopt, 1000});
    ASSERT_EQ(plan.candidates.size(), 1u);
    const auto& candidate = plan.candidates[0];
    EXPECT_TRUE(candidate.eligible);
    ASSERT_EQ(candidate.changedFlights.size(), 1u);
    EXPECT_EQ(candidate.changedFlights[0].flid, 500301);
    EXPECT_EQ(candidate.changedFlights[0].updatedAt, changedAt);
    EXPECT_THAT(candidate.warning(), HasSubstr("flight 500301 changed at "));
    EXPECT_THAT(candidate.warning(), HasSubstr("after message 2 last failed at "));
    const auto json = pipeline::replayCandidatesJson(plan);
    EXPECT_TRUE(json.items().at(0).find("needsForce")->asBool());
    EXPECT_EQ(json.items().at(0).find("changedFlights")->items().at(0).find("flid")->asInteger(), 500301);

    const auto refused = pipeline::applyReplay(*realStore_, plan, "msgxctl:ops", "retry");
    EXPECT_TRUE(refused.replayed.empty());
    ASSERT_EQ(refused.refused.size(), 1u);
    EXPECT_THAT(refused.refused[0].second, HasSubstr("apply with force"));
    EXPECT_EQ(record(2).state, ProcessingState::Dead);

    const auto forced = pipeline::applyReplay(*realStore_, plan, "msgxctl:ops", "stand 11 is right", true);
    EXPECT_EQ(forced.replayed, (std::vector<storage::MailboxId>{2}));
    EXPECT_EQ(record(2).state, ProcessingState::Pending);
    EXPECT_THAT(realStore_->audit().recent(1).at(0).detail.value_or(""), HasSubstr("\"forced\": true"));
}

// Issue 44 (3): a DEAD message the archive moved to history is previewed (flagged archived, also by
// class), replayed back into PROC_STATE and processed again by the pump.
TEST_P(PumpSuite, AnArchivedDeadMessageIsPreviewedReplayedAndProcessedAgain) {
    enqueue(1, failWith(1, "INFRA", "view not loaded"));
    runToTerminal(pump(), clock_, [this] { return record(1); });
    runUntilQuiet();
    ASSERT_EQ(record(1).state, ProcessingState::Dead);
    realStore_->backfill().markDone(1);
    clock_.advance(25h);
    ASSERT_EQ(realStore_->archive().archiveBefore(clock_.now() - 24h, 100).messages, 1);
    ASSERT_FALSE(realStore_->processing().find(1));

    const auto plan = pipeline::planReplay(*realStore_, {{1}, std::nullopt, 1000});
    ASSERT_EQ(plan.candidates.size(), 1u);
    EXPECT_TRUE(plan.candidates[0].eligible) << plan.candidates[0].refusal;
    EXPECT_THAT(pipeline::replayChange(plan.candidates[0]), HasSubstr("back from history"));
    const auto json = pipeline::replayCandidatesJson(plan);
    EXPECT_TRUE(json.items().at(0).find("archived")->asBool());
    const auto byClass = pipeline::planReplay(*realStore_, {{}, ErrorClass::Exhausted, 1000});
    ASSERT_EQ(byClass.candidates.size(), 1u);
    EXPECT_TRUE(byClass.candidates[0].record->archived);

    const auto outcome = pipeline::applyReplay(*realStore_, plan, "msgxctl:ops", "handler fixed");
    EXPECT_EQ(outcome.replayed, (std::vector<storage::MailboxId>{1}));
    EXPECT_EQ(record(1).state, ProcessingState::Pending);
    EXPECT_FALSE(realStore_->processing().findAnywhere(1)->archived);
    pump().step();
    EXPECT_EQ(record(1).state, ProcessingState::Failed) << "processed again";
}

} // namespace
} // namespace msgx::test
