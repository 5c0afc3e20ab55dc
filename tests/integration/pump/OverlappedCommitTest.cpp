// Overlapped commits (Pump.h, docs/pipeline.md): the commit of a full batch runs while the next batch
// is decided on top of it. What the store ends with is what one batch per step gives; a commit in
// flight that is refused, fails, or finds a row before the next batch unfinished again leaves that
// next batch unwritten, and it is decided again from the store.
#include "PumpSuite.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using pipeline::PumpStep;
using storage::ProcessingState;
using ::testing::ElementsAre;

std::vector<storage::MailboxId> sourcesOf(const std::vector<storage::OutboxEvent>& events) {
    std::vector<storage::MailboxId> sources;
    for (const auto& event : events) {
        sources.push_back(event.sourceId.value_or(0));
    }
    return sources;
}

TEST_P(OverlappedCommits, ABacklogIsCommittedInOrderWithEachBatchSeeingTheOneBeforeIt) {
    // Flight 700101 changes in every batch, so each batch is decided on top of the uncommitted one
    // before it; message 10 sets a value it already has (no change, no event).
    const std::vector<std::pair<std::string, std::string>> changes{
        {"currentStand", "107"}, {"gate", "B12"},         {"currentStand", "108"}, {"gate", "B13"},
        {"currentStand", "109"}, {"gate", "B14"},         {"currentStand", "110"}, {"gate", "B15"},
        {"currentStand", "111"}, {"currentStand", "111"}, {"gate", "B16"}};
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const auto id = static_cast<storage::MailboxId>(i + 1);
        enqueue(id, setAttribute(id, 700101, changes[i].first, changes[i].second));
    }

    const auto step = pump().step(); // 4 batches: 3 + 3 + 3 overlapped, then 2

    EXPECT_EQ(step.kind, PumpStep::Kind::Progress);
    EXPECT_EQ(step.finished, 11);
    for (storage::MailboxId id = 1; id <= 11; ++id) {
        EXPECT_EQ(record(id).state, ProcessingState::Succeeded) << id;
    }
    const auto stored = realStore_->flights().byFlid(700101);
    ASSERT_TRUE(stored.has_value());
    EXPECT_EQ(stored->stateVersion, 10);
    EXPECT_EQ(flight(700101)->text("currentStand"), "111");
    EXPECT_EQ(flight(700101)->text("gate"), "B16");
    EXPECT_THAT(sourcesOf(events("msg")), ElementsAre(1, 2, 3, 4, 5, 6, 7, 8, 9, 11));
    const auto schd = payloads("schd");
    ASSERT_EQ(schd.size(), 10U);
    EXPECT_EQ(schd[3], R"({"type":"flight-upsert","flid":700101,"document":{"flid":700101,)"
                       R"("attributes":{"currentStand":"108","gate":"B13"},"lists":{}}})");
    EXPECT_EQ(pump().step().kind, PumpStep::Kind::Idle);
}

TEST_P(OverlappedCommits, AStepRunsAtMostEightBatchesAndEndsWithEveryCommitKnown) {
    enqueueStands(1, 30);

    const auto first = pump().step();

    EXPECT_EQ(first.finished, 24);
    EXPECT_EQ(record(24).state, ProcessingState::Succeeded);
    EXPECT_EQ(record(25).state, ProcessingState::Pending);
    EXPECT_EQ(pump().step().finished, 6);
    EXPECT_EQ(flight(700001)->text("currentStand"), "130");
    EXPECT_EQ(events("msg").size(), 30U);
}

TEST_P(OverlappedCommits, WithOverlapOffAStepCommitsOneBatch) {
    enqueueStands(1, 7);
    pump().setOverlapCommits(false);

    EXPECT_EQ(pump().step().finished, 3);
    EXPECT_EQ(record(4).state, ProcessingState::Pending);
}

TEST_P(OverlappedCommits, ARefusedCommitInFlightLeavesTheBatchDecidedBesideItUnwritten) {
    enqueueStands(1, 6);
    enqueue(1001, "<MSG/>"); // the row the other writer commits as its own
    bool changed = false;
    store_->beforeCommit = [&] {
        if (!changed) { // the first batch's commit: flight 700002 (message 1's) changed behind the pump
            changed = true;
            changeFlightBehindThePump(*realStore_, 1001, 700002);
        }
    };

    const auto first = pump().step();

    EXPECT_EQ(first.kind, PumpStep::Kind::Progress);
    EXPECT_EQ(first.finished, 0); // message 1 refused first: nothing of the batch is committed
    for (storage::MailboxId id = 1; id <= 6; ++id) {
        const auto untouched = record(id);
        EXPECT_EQ(untouched.state, ProcessingState::Pending) << id;
        EXPECT_EQ(untouched.attempts, 0) << id;
        EXPECT_EQ(untouched.identityKey, std::nullopt) << id;
    }
    EXPECT_TRUE(events("msg").empty());
    EXPECT_EQ(flight(700001), std::nullopt); // message 3's (first batch) and 6's (beside it)

    EXPECT_EQ(runUntilQuiet(), 6);
    EXPECT_THAT(sourcesOf(events("msg")), ElementsAre(1, 2, 3, 4, 5, 6));
    EXPECT_EQ(flight(700002)->text("currentStand"), "104"); // message 4 on top of the other writer's
    EXPECT_EQ(flight(700001)->text("currentStand"), "106");
}

TEST_P(OverlappedCommits, AStoreFailureOfTheCommitInFlightWritesNothingOfEitherBatch) {
    enqueueStands(1, 6);
    store_->failProcessingWrites = true;

    const auto step = pump().step();

    EXPECT_EQ(step.kind, PumpStep::Kind::StoreUnavailable);
    EXPECT_THAT(step.problem, ::testing::HasSubstr("store switched off"));
    for (storage::MailboxId id = 1; id <= 6; ++id) {
        EXPECT_EQ(record(id).state, ProcessingState::Pending) << id;
        EXPECT_EQ(record(id).attempts, 0) << id;
    }
    EXPECT_TRUE(events("msg").empty());
    EXPECT_EQ(flight(700001), std::nullopt);

    store_->failProcessingWrites = false;
    EXPECT_EQ(runUntilQuiet(), 6);
    EXPECT_THAT(sourcesOf(events("msg")), ElementsAre(1, 2, 3, 4, 5, 6));
    EXPECT_EQ(flight(700001)->text("currentStand"), "106");
}

TEST_P(OverlappedCommits, ARowBeforeTheNextBatchThatBecameUnfinishedIsProcessedBeforeIt) {
    config_.pipeline.maxAttempts = 1;
    enqueue(1, failWith(1, "INFRA", "not ready"));
    ASSERT_EQ(runUntilQuiet(), 1); // DEAD(EXHAUSTED)
    enqueueStands(2, 7);
    bool replayed = false;
    store_->beforeCommit = [&] {
        if (!replayed) { // while the first batch (2, 3, 4) commits, an operator replays message 1
            replayed = true;
            const auto one = realStore_->processing().find(1);
            ASSERT_TRUE(realStore_->processing().resetForReplay(1, {one->state, one->attempts}).applied);
        }
    };

    const auto first = pump().step();

    EXPECT_EQ(first.finished, 3); // 5, 6, 7 were decided beside it, and dropped: 1 comes first
    EXPECT_EQ(record(1).state, ProcessingState::Pending);
    for (storage::MailboxId id = 5; id <= 7; ++id) {
        EXPECT_EQ(record(id).state, ProcessingState::Pending) << id;
    }
    EXPECT_EQ(runUntilQuiet(), 4);
    EXPECT_EQ(record(1).state, ProcessingState::Dead);
    EXPECT_THAT(sourcesOf(events("msg")), ElementsAre(2, 3, 4, 5, 6, 7));
    EXPECT_EQ(flight(700001)->text("currentStand"), "106");
}

} // namespace
} // namespace msgx::test
