// Replay of FAILED/DEAD messages (US-10), the new back-fill intent of a replayed message, and the
// operator views of PROC_STATE: counts per state and class, filtered pages.
#include "StoreSuite.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::BackfillState;
using storage::MailboxId;
using storage::ProcessingFailure;
using storage::ProcessingState;
using storage::QueueGuard;
using storage::StateCount;

std::vector<MailboxId> idsOf(const std::vector<storage::ProcessingRecord>& records) {
    std::vector<MailboxId> ids;
    for (const auto& r : records) {
        ids.push_back(r.mailboxId);
    }
    return ids;
}

TEST_P(StoreSuite, ReplayTakesAFailedMessageBackToPendingKeepingWhyAndItsIdentity) {
    auto& queue = store().processing();
    enqueue(1);
    queue.markProcessingStarted(1);
    ASSERT_TRUE(queue.bindIdentity(1, "AODB|FLOP|ABTM|1").bound);
    ASSERT_TRUE(queue
                    .recordFailure(1, {ProcessingState::Pending, 0},
                                   {ErrorClass::Infra, "view not loaded", clock_.now() + 30s})
                    .applied);
    clock_.advance(1min);

    ASSERT_TRUE(queue.resetForReplay(1, {ProcessingState::Failed, 1}).applied);
    const auto row = queue.find(1);
    EXPECT_EQ(row->state, ProcessingState::Pending);
    EXPECT_EQ(row->attempts, 0);
    EXPECT_FALSE(row->nextAttemptAt);
    EXPECT_FALSE(row->processingStartedAt);
    EXPECT_EQ(row->errorClass, ErrorClass::Infra);
    EXPECT_EQ(row->lastError, "view not loaded");
    EXPECT_EQ(row->identityKey, "AODB|FLOP|ABTM|1");
    EXPECT_EQ(row->updatedAt, clock_.now());
    EXPECT_EQ(queue.head()->mailboxId, 1);
}

// US-09.4 (issue 18): the DEAD status still due for the mailbox is superseded by the replay, so the
// back-fill never writes it after the row was replayed; a status already written stays DONE.
TEST_P(StoreSuite, ReplayOfADeadMessageClearsItsNoteAndSupersedesItsDueBackfill) {
    auto& queue = store().processing();
    enqueue(2);
    auto dead = succeeded(2);
    dead.outcome.state = ProcessingState::Dead;
    dead.outcome.errorClass = ErrorClass::Exhausted;
    dead.outcome.lastError = "deadline passed";
    dead.outcome.note = "deadline";
    dead.outcome.backfillStatus = "ERROR";
    ASSERT_TRUE(queue.commit(dead).applied);
    const auto before = queue.find(2);

    ASSERT_TRUE(queue.resetForReplay(2, {ProcessingState::Dead, 0}).applied);
    const auto row = queue.find(2);
    EXPECT_EQ(row->state, ProcessingState::Pending);
    EXPECT_FALSE(row->note);
    EXPECT_EQ(row->errorClass, ErrorClass::Exhausted);
    EXPECT_EQ(row->lastError, "deadline passed");
    EXPECT_EQ(row->backfillState, BackfillState::None);
    EXPECT_EQ(row->processedAt, before->processedAt);
    EXPECT_TRUE(store().backfill().nextDue(10, 0).empty()) << "the old DEAD status is not written";

    enqueue(3);
    auto written = dead;
    written.mailboxId = 3;
    ASSERT_TRUE(queue.commit(written).applied);
    store().backfill().markDone(3);
    ASSERT_TRUE(queue.resetForReplay(3, {ProcessingState::Dead, 0}).applied);
    EXPECT_EQ(queue.find(3)->backfillState, BackfillState::Done);
}

TEST_P(StoreSuite, ReplayRefusesUnfinishedOrSucceededMessagesAndAStaleGuard) {
    auto& queue = store().processing();
    for (MailboxId id : {1, 2, 3, 4}) {
        enqueue(id);
    }
    ASSERT_TRUE(queue.commit(succeeded(2)).applied);
    auto skipped = succeeded(3);
    skipped.outcome.state = ProcessingState::Skipped;
    ASSERT_TRUE(queue.commit(skipped).applied);
    ASSERT_TRUE(queue.recordFailure(4, {ProcessingState::Pending, 0}, {ErrorClass::Infra, "x", clock_.now()})
                    .applied);

    const auto pending = queue.resetForReplay(1, {ProcessingState::Pending, 0});
    EXPECT_FALSE(pending.applied);
    EXPECT_EQ(pending.conflictAt, MailboxId{1});
    EXPECT_THAT(pending.conflict, testing::HasSubstr("PROC_STATE 1 is PENDING/0"));
    EXPECT_THAT(pending.conflict, testing::HasSubstr("only a FAILED or DEAD message"));
    EXPECT_THAT(queue.resetForReplay(2, {ProcessingState::Succeeded, 0}).conflict,
                testing::HasSubstr("is SUCCEEDED/0"));
    EXPECT_THAT(queue.resetForReplay(3, {ProcessingState::Skipped, 0}).conflict,
                testing::HasSubstr("is SKIPPED/0"));
    const auto stale = queue.resetForReplay(4, {ProcessingState::Failed, 0});
    EXPECT_FALSE(stale.applied);
    EXPECT_THAT(stale.conflict, testing::HasSubstr("FAILED/1, expected FAILED/0"));
    EXPECT_EQ(queue.find(4)->attempts, 1);
    EXPECT_THAT(queue.resetForReplay(99, {ProcessingState::Dead, 0}).conflict,
                testing::HasSubstr("PROC_STATE 99 does not exist"));
    EXPECT_EQ(queue.find(2)->state, ProcessingState::Succeeded);
    EXPECT_EQ(queue.find(3)->state, ProcessingState::Skipped);
}

TEST_P(StoreSuite, ACommitAfterReplayRecordsANewBackfillIntentThatTheOldTaskCannotMarkDone) {
    auto& queue = store().processing();
    auto& backfill = store().backfill();
    enqueue(1);
    auto dead = succeeded(1);
    dead.outcome.state = ProcessingState::Dead;
    dead.outcome.errorClass = ErrorClass::CodecError;
    dead.outcome.backfillStatus = "ERROR";
    ASSERT_TRUE(queue.commit(dead).applied);
    const auto firstTask = backfill.nextDue(10, 0);
    ASSERT_EQ(firstTask.size(), 1u);
    backfill.recordFailure(1, clock_.now(), "mailbox down");
    ASSERT_TRUE(backfill.markDoneIf(1, firstTask[0].processedAt));
    EXPECT_EQ(queue.find(1)->backfillState, BackfillState::Done);

    clock_.advance(10min);
    ASSERT_TRUE(queue.resetForReplay(1, {ProcessingState::Dead, 0}).applied);
    EXPECT_EQ(queue.find(1)->backfillState, BackfillState::Done); // left as it is until the next commit
    clock_.advance(1s);
    ASSERT_TRUE(queue.commit(succeeded(1)).applied);
    const auto row = queue.find(1);
    EXPECT_EQ(row->backfillState, BackfillState::Due);
    EXPECT_EQ(row->processedAt, clock_.now());
    EXPECT_EQ(row->backfillStatusValue, "PROCESSED");
    EXPECT_EQ(row->backfillAttempts, 0);
    EXPECT_FALSE(row->backfillError);
    EXPECT_EQ(backfill.dueCount(), 1);

    // A task of the older intent must not mark the newer one done.
    EXPECT_FALSE(backfill.markDoneIf(1, firstTask[0].processedAt));
    EXPECT_EQ(queue.find(1)->backfillState, BackfillState::Due);
    EXPECT_TRUE(backfill.markDoneIf(1, clock_.now()));
    EXPECT_EQ(queue.find(1)->backfillState, BackfillState::Done);
    EXPECT_TRUE(backfill.markDoneIf(1, clock_.now())); // repeating it is harmless
    EXPECT_FALSE(backfill.markDoneIf(42, clock_.now()));
}

TEST_P(StoreSuite, CountByStateGroupsStatesAndErrorClassesInLifeCycleOrder) {
    auto& queue = store().processing();
    for (MailboxId id = 1; id <= 7; ++id) {
        enqueue(id);
    }
    const auto die = [&](MailboxId id, ErrorClass errorClass) {
        auto commit = succeeded(id);
        commit.outcome.state = ProcessingState::Dead;
        commit.outcome.errorClass = errorClass;
        ASSERT_TRUE(queue.commit(commit).applied);
    };
    die(3, ErrorClass::Malformed);
    die(4, ErrorClass::Exhausted);
    die(5, ErrorClass::Malformed);
    ASSERT_TRUE(queue.commit(succeeded(6)).applied);
    ASSERT_TRUE(
        queue.recordFailure(7, {ProcessingState::Pending, 0}, {ErrorClass::Infra, "down", clock_.now()})
            .applied);

    EXPECT_EQ(queue.countByState(),
              (std::vector<StateCount>{{ProcessingState::Pending, std::nullopt, 2},
                                       {ProcessingState::Failed, ErrorClass::Infra, 1},
                                       {ProcessingState::Succeeded, std::nullopt, 1},
                                       {ProcessingState::Dead, ErrorClass::Malformed, 2},
                                       {ProcessingState::Dead, ErrorClass::Exhausted, 1}}));
}

TEST_P(StoreSuite, ListPagesThroughMessagesInIdOrderFilteredByStateAndClass) {
    auto& queue = store().processing();
    for (MailboxId id = 1; id <= 6; ++id) {
        enqueue(id);
    }
    for (MailboxId id : {2, 4, 5}) {
        auto commit = succeeded(id);
        commit.outcome.state = ProcessingState::Dead;
        commit.outcome.errorClass = id == 4 ? ErrorClass::Exhausted : ErrorClass::Malformed;
        ASSERT_TRUE(queue.commit(commit).applied);
    }
    ASSERT_TRUE(
        queue.recordFailure(6, {ProcessingState::Pending, 0}, {ErrorClass::Malformed, "x", clock_.now()})
            .applied);

    EXPECT_EQ(idsOf(queue.list({}, 0, 4)), (std::vector<MailboxId>{1, 2, 3, 4}));
    EXPECT_EQ(idsOf(queue.list({}, 4, 4)), (std::vector<MailboxId>{5, 6}));
    EXPECT_EQ(idsOf(queue.list({ProcessingState::Dead, std::nullopt}, 0, 10)),
              (std::vector<MailboxId>{2, 4, 5}));
    EXPECT_EQ(idsOf(queue.list({std::nullopt, ErrorClass::Malformed}, 0, 10)),
              (std::vector<MailboxId>{2, 5, 6}));
    EXPECT_EQ(idsOf(queue.list({ProcessingState::Dead, ErrorClass::Malformed}, 2, 10)),
              (std::vector<MailboxId>{5}));
    const auto page = queue.list({ProcessingState::Failed, std::nullopt}, 0, 10);
    ASSERT_EQ(page.size(), 1u);
    EXPECT_EQ(page[0], *queue.find(6));
    EXPECT_TRUE(queue.list({}, 0, 0).empty());
}

} // namespace
} // namespace msgx::test
