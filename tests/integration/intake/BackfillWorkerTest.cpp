// The back-fill worker on an embedded SQLite store and mailbox (US-09): terminal rows are marked,
// PENDING/FAILED never; a mailbox failure backs off persistently (a new worker keeps the schedule);
// an older task never marks a replay's newer intent done.
#include "msgx/pipeline/housekeeping/BackfillWorker.h"

#include "IntakeFixture.h"
#include "StoreDecorators.h"
#include "msgx/pipeline/intake/InboxPoller.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using pipeline::BackfillWorker;
using storage::MailboxId;
using storage::ProcessingState;
using Marks = std::pair<std::optional<std::string>, std::optional<std::string>>;

class BackfillWorkerTest : public IntakeFixture {
protected:
    void SetUp() override {
        IntakeFixture::SetUp();
        inbox_ = std::make_unique<DecoratedInbox>(mailbox_->inbox());
    }
    void TearDown() override {
        inbox_.reset();
        IntakeFixture::TearDown();
    }
    // Rows 1..n in the mailbox and queued PENDING.
    void queueRows(MailboxId n) {
        for (MailboxId id = 1; id <= n; ++id) {
            addRow(id);
        }
        config_.pipeline.batchSize = 100;
        pipeline::InboxPoller poller(*store_, mailbox_->inbox(), clock_,
                                     pipeline::IntakeSettings::of(config_));
        ASSERT_EQ(poller.pollOnce().enqueued, n);
    }
    BackfillWorker worker() { return BackfillWorker(*store_, *inbox_, clock_, config_.backfill); }

    std::unique_ptr<DecoratedInbox> inbox_;
};

TEST_F(BackfillWorkerTest, MarksEveryTerminalRowAndNeverAPendingOrFailedOne) {
    queueRows(5);
    finish(1, ProcessingState::Succeeded, "PROCESSED");
    finish(2, ProcessingState::Skipped, "SKIPPED");
    storage::ProcessingFailure failure{ErrorClass::Infra, "store down", clock_.now() + 1s};
    ASSERT_TRUE(store_->processing().recordFailure(3, {ProcessingState::Pending, 0}, failure).applied);
    finish(5, ProcessingState::Dead, "DEAD");
    clock_.advance(1s);

    const auto round = worker().runOnce();
    EXPECT_EQ(round.written, 3);
    EXPECT_EQ(round.failed, 0);
    EXPECT_EQ(round.nextAt, clock_.now() + 30s);
    // DATE_PROCESSED is the commit time (07:00:00Z) in Asia/Shanghai.
    EXPECT_EQ(mailboxMarks(1), (Marks{"2024-03-18 15:00:00", "PROCESSED"}));
    EXPECT_EQ(mailboxMarks(2), (Marks{"2024-03-18 15:00:00", "SKIPPED"}));
    EXPECT_EQ(mailboxMarks(3), (Marks{std::nullopt, "VALID"}));
    EXPECT_EQ(mailboxMarks(4), (Marks{std::nullopt, "VALID"}));
    EXPECT_EQ(mailboxMarks(5), (Marks{"2024-03-18 15:00:00", "DEAD"}));
    EXPECT_EQ(record(1).backfillState, storage::BackfillState::Done);
    EXPECT_EQ(record(4).backfillState, storage::BackfillState::None);

    EXPECT_EQ(worker().runOnce().written, 0); // done means done
    EXPECT_EQ(inbox_->batches, 1);            // the round's rows in one mailbox transaction
    EXPECT_EQ(inbox_->backfills, 0);
}

TEST_F(BackfillWorkerTest, AMailboxFailureBacksOffPersistentlyAcrossWorkers) {
    queueRows(2);
    finish(1, ProcessingState::Succeeded);
    finish(2, ProcessingState::Succeeded);
    inbox_->failBackfill = true;
    const auto failed = worker().runOnce();
    EXPECT_EQ(failed.failed, 1);
    EXPECT_EQ(failed.written, 0);
    EXPECT_EQ(inbox_->batches, 1);
    EXPECT_EQ(inbox_->backfills, 1); // then row by row: the round stopped at the first failure
    EXPECT_EQ(failed.nextAt, clock_.now() + 30s);
    const auto first = record(1).backfillAttempts == 1 ? MailboxId{1} : MailboxId{2};
    const auto untried = first == 1 ? MailboxId{2} : MailboxId{1};
    EXPECT_EQ(record(first).backfillAttempts, 1);
    EXPECT_EQ(record(first).backfillNextAt, clock_.now() + 30s);
    // The rest of the round waits for the next round, not for its claim (2 min) to run out.
    EXPECT_EQ(record(untried).backfillAttempts, 0);
    EXPECT_EQ(record(untried).backfillNextAt, clock_.now() + 30s);

    clock_.advance(30s);
    EXPECT_EQ(worker().runOnce().failed, 1); // a new worker: the schedule lives in the store
    EXPECT_EQ(record(first).backfillAttempts, 2);
    EXPECT_EQ(record(first).backfillNextAt, clock_.now() + 60s);

    EXPECT_EQ(record(untried).backfillAttempts, 0);

    inbox_->failBackfill = false;
    clock_.advance(60s); // both due again
    const auto recovered = worker().runOnce();
    EXPECT_EQ(recovered.written, 2);
    EXPECT_EQ(mailboxMarks(1).second, "PROCESSED");
    EXPECT_EQ(mailboxMarks(2).second, "PROCESSED");
}

TEST_F(BackfillWorkerTest, TasksClaimedBeforeAStoreFailureAreHandedBackByTheNextRound) {
    queueRows(3);
    finish(1, ProcessingState::Succeeded);
    finish(2, ProcessingState::Succeeded);
    finish(3, ProcessingState::Succeeded);
    DecoratedStore store(*store_);
    BackfillWorker worker(store, *inbox_, clock_, config_.backfill);
    store.backfillQueue.failMarkDone = true;
    EXPECT_THROW(worker.runOnce(), storage::InfraError);
    EXPECT_EQ(inbox_->batches, 1);
    EXPECT_EQ(record(1).backfillState, storage::BackfillState::Due);

    // The store is back a second later: the next round does not wait for the 2 min claim.
    store.backfillQueue.failMarkDone = false;
    clock_.advance(1s);
    const auto round = worker.runOnce();
    EXPECT_EQ(round.written, 3);
    EXPECT_EQ(inbox_->batches, 2); // all written again: back-fill is idempotent
    for (const MailboxId id : {1, 2, 3}) {
        EXPECT_EQ(record(id).backfillState, storage::BackfillState::Done) << id;
        EXPECT_EQ(record(id).backfillAttempts, 0) << id;
        EXPECT_EQ(mailboxMarks(id).second, "PROCESSED") << id;
    }
}

TEST_F(BackfillWorkerTest, WhenTheRoundsTransactionFailsTheRowsAreWrittenOneByOne) {
    queueRows(3);
    finish(1, ProcessingState::Succeeded);
    finish(2, ProcessingState::Dead, "DEAD");
    finish(3, ProcessingState::Succeeded);
    inbox_->failBatches = true;
    const auto round = worker().runOnce();
    EXPECT_EQ(round.written, 3);
    EXPECT_EQ(round.failed, 0);
    EXPECT_EQ(inbox_->batches, 1);
    EXPECT_EQ(inbox_->backfills, 3);
    EXPECT_EQ(mailboxMarks(2).second, "DEAD");
    EXPECT_EQ(record(3).backfillState, storage::BackfillState::Done);
}

TEST_F(BackfillWorkerTest, AFailedRowIsNotRetriedBeforeItsBackoff) {
    queueRows(1);
    finish(1, ProcessingState::Succeeded);
    inbox_->failBackfill = true;
    worker().runOnce();
    inbox_->failBackfill = false;
    clock_.advance(29s);
    EXPECT_EQ(worker().runOnce().written, 0);
    clock_.advance(1s);
    EXPECT_EQ(worker().runOnce().written, 1);
}

TEST_F(BackfillWorkerTest, AnOlderTaskDoesNotMarkAReplaysNewerIntentDone) {
    queueRows(1);
    finish(1, ProcessingState::Dead, "DEAD");
    // While the worker writes the old outcome, an operator replays the message and it succeeds.
    inbox_->onBackfill = [this](MailboxId id) {
        inbox_->onBackfill = nullptr;
        clock_.advance(90s);
        const auto dead = record(id);
        ASSERT_TRUE(store_->processing().resetForReplay(id, {dead.state, dead.attempts}).applied);
        finish(id, ProcessingState::Succeeded, "SUCCESS");
    };
    const auto raced = worker().runOnce();
    EXPECT_EQ(raced.written, 0);
    EXPECT_EQ(raced.superseded, 1);
    EXPECT_EQ(record(1).backfillState, storage::BackfillState::Due);
    EXPECT_EQ(mailboxMarks(1), (Marks{"2024-03-18 15:00:00", "DEAD"}));

    clock_.advance(2min);
    EXPECT_EQ(worker().runOnce().written, 1);
    EXPECT_EQ(mailboxMarks(1), (Marks{"2024-03-18 15:01:30", "SUCCESS"}));
    EXPECT_EQ(record(1).backfillState, storage::BackfillState::Done);
}

} // namespace
} // namespace msgx::test
