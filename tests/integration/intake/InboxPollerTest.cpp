// The poller on an embedded SQLite store and mailbox (US-01): ordered discovery in bounded batches,
// idempotent re-polls, accept-status, gap waiting and expiry, the late-commit rescan, a store
// failure mid-batch, the idle poll.
#include "msgx/pipeline/intake/InboxPoller.h"

#include "IntakeFixture.h"
#include "StoreDecorators.h"
#include "msgx/pipeline/intake/FirstStart.h"

#include <Poco/Data/Session.h>

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using pipeline::IdRange;
using pipeline::InboxPoller;
using storage::MailboxId;
using storage::ProcessingState;
using Ids = std::vector<MailboxId>;
using Ranges = std::vector<IdRange>;

class InboxPollerTest : public IntakeFixture {
protected:
    void SetUp() override {
        IntakeFixture::SetUp();
        config_.pipeline.batchSize = 2;
        config_.pipeline.maxCommitDelay = 5s;
        config_.pipeline.compensationInterval = 60s; // rescan horizon max(50 s, 120 s) = 120 s
        decoratedStore_ = std::make_unique<DecoratedStore>(*store_);
        inbox_ = std::make_unique<DecoratedInbox>(mailbox_->inbox());
    }
    // Built on first use, so that what a test sets in config_ before it polls applies.
    InboxPoller& poller() {
        if (!poller_) {
            poller_ = std::make_unique<InboxPoller>(*decoratedStore_, *inbox_, clock_,
                                                    pipeline::IntakeSettings::of(config_));
        }
        return *poller_;
    }
    void TearDown() override {
        poller_.reset();
        inbox_.reset();
        decoratedStore_.reset();
        IntakeFixture::TearDown();
    }

    std::unique_ptr<DecoratedStore> decoratedStore_;
    std::unique_ptr<DecoratedInbox> inbox_;
    std::unique_ptr<InboxPoller> poller_;
};

TEST_F(InboxPollerTest, QueuesRowsInIdOrderInBatchesOfBatchSize) {
    for (MailboxId id = 1; id <= 5; ++id) {
        addRow(id);
    }
    const auto first = poller().pollOnce();
    EXPECT_EQ(first.read, 2);
    EXPECT_EQ(first.enqueued, 2);
    EXPECT_EQ(first.watermarkBefore, 0);
    EXPECT_EQ(first.watermarkAfter, 2);
    EXPECT_EQ(queued(), (Ids{1, 2}));
    EXPECT_EQ(cursor()->watermark, 2);

    EXPECT_EQ(poller().pollOnce().watermarkAfter, 4);
    const auto last = poller().pollOnce();
    EXPECT_EQ(last.read, 1);
    EXPECT_EQ(last.watermarkAfter, 5);
    EXPECT_EQ(queued(), (Ids{1, 2, 3, 4, 5}));

    const auto row = record(3);
    EXPECT_EQ(row.state, ProcessingState::Pending);
    EXPECT_EQ(row.rawXml, xmlOf(3));
    EXPECT_EQ(row.mailboxStatus, "VALID");
    // 15:00 Asia/Shanghai.
    EXPECT_EQ(row.receivedAt, start());
}

TEST_F(InboxPollerTest, ARepeatedPollFromAnOlderCursorChangesNothing) {
    for (MailboxId id = 1; id <= 3; ++id) {
        addRow(id);
    }
    config_.pipeline.batchSize = 10;
    ASSERT_EQ(poller().pollOnce().enqueued, 3);
    finish(2, ProcessingState::Succeeded);

    // As after a crash between the enqueue's commit and its answer: the cursor is behind.
    store_->cursors().save({"inbox", 0, 1});
    InboxPoller restarted(*store_, mailbox_->inbox(), clock_, pipeline::IntakeSettings::of(config_));
    const auto again = restarted.pollOnce();
    EXPECT_EQ(again.read, 3);
    EXPECT_EQ(again.enqueued, 0);
    EXPECT_EQ(again.watermarkAfter, 3);
    EXPECT_EQ(queued(), (Ids{1, 2, 3}));
    EXPECT_EQ(record(2).state, ProcessingState::Succeeded); // never reset
    EXPECT_EQ(cursor()->watermark, 3);
}

TEST_F(InboxPollerTest, RowsOutsideAcceptStatusAreSkippedNotGapsAndNeverBackfilled) {
    config_.pipeline.batchSize = 10;
    addRow(1);
    addRow(2, "INVALID");
    addRow(3, std::nullopt);
    addRow(4, "valid"); // the legacy consumer compares exactly
    addRow(5);
    const auto report = poller().pollOnce();
    EXPECT_EQ(report.enqueued, 5);
    EXPECT_EQ(report.watermarkAfter, 5);
    EXPECT_TRUE(report.waitingGaps.empty());
    EXPECT_EQ(record(1).state, ProcessingState::Pending);
    EXPECT_EQ(record(2).state, ProcessingState::Skipped);
    EXPECT_EQ(record(2).note, "mailbox-status:INVALID");
    EXPECT_EQ(record(3).note, "mailbox-status:(null)");
    EXPECT_EQ(record(4).note, "mailbox-status:valid");
    EXPECT_EQ(record(4).backfillState, storage::BackfillState::None);
    EXPECT_EQ(record(5).state, ProcessingState::Pending);
}

// Issue 17 (4): a STATUS longer than PROC_STATE.MAILBOX_STATUS is recorded (its whole value in the
// note), not a poll batch the store refuses on every read.
TEST_F(InboxPollerTest, AStatusLongerThanItsColumnIsRecordedWithTheWholeValueInTheNote) {
    const std::string longStatus = "INVALID_SINCE_THE_MIGRATION"; // 27 characters
    {
        // A site whose legacy column is wider than the documented VARCHAR(20) (the embedded table
        // checks the length itself).
        Poco::Data::Session session("SQLite", mailboxPath_);
        session << "DROP TABLE CMINMSGS", Poco::Data::Keywords::now;
        session << "CREATE TABLE CMINMSGS (CMINMSGS_ID INTEGER PRIMARY KEY, CMINMSGS_CLOB_MSG TEXT NOT NULL,"
                   " CMINMSGS_DATE_RECEIVED TEXT NULL, CMINMSGS_DATE_PROCESSED TEXT NULL, CMINMSGS_STATUS "
                   "TEXT NULL)",
            Poco::Data::Keywords::now;
    }
    addRow(1, longStatus);
    addRow(2);
    const auto report = poller().pollOnce();
    EXPECT_EQ(report.enqueued, 2);
    EXPECT_EQ(record(1).state, ProcessingState::Skipped);
    EXPECT_EQ(record(1).mailboxStatus, std::nullopt);
    EXPECT_EQ(record(1).note, "mailbox-status:" + longStatus + " (longer than 20 bytes)");
    EXPECT_EQ(record(2).state, ProcessingState::Pending);
}

// Issue 17 (4): an unreadable DATE_RECEIVED is that row's problem, not a read that fails forever.
TEST_F(InboxPollerTest, AnUnreadableReceiveTimeIsTakenAsNoneAndTheRowsAreQueued) {
    addRow(1);
    addRow(2);
    {
        Poco::Data::Session session("SQLite", mailboxPath_);
        session << "UPDATE CMINMSGS SET CMINMSGS_DATE_RECEIVED = 'yesterday' WHERE CMINMSGS_ID = 1",
            Poco::Data::Keywords::now;
    }
    const auto report = poller().pollOnce();
    EXPECT_EQ(report.enqueued, 2);
    EXPECT_EQ(record(1).state, ProcessingState::Pending);
    EXPECT_EQ(record(1).receivedAt, std::nullopt);
    EXPECT_TRUE(record(2).receivedAt.has_value());
}

TEST_F(InboxPollerTest, IdsAboveAGapWaitUntilItFills) {
    addRow(1);
    addRow(3);
    const auto waiting = poller().pollOnce();
    EXPECT_EQ(waiting.watermarkAfter, 1);
    EXPECT_EQ(waiting.waitingGaps, (Ranges{{2, 2}}));
    EXPECT_EQ(queued(), (Ids{1}));

    clock_.advance(4s);
    addRow(2); // the transaction holding id 2 committed within max-commit-delay
    const auto filled = poller().pollOnce();
    EXPECT_TRUE(filled.waitingGaps.empty());
    EXPECT_TRUE(filled.expiredGaps.empty());
    EXPECT_EQ(filled.watermarkAfter, 3);
    EXPECT_EQ(queued(), (Ids{1, 2, 3}));
    EXPECT_GT(cursor()->rescanFrom, cursor()->watermark); // nothing given up, nothing to rescan
}

TEST_F(InboxPollerTest, AGapIsGivenUpAfterMaxCommitDelay) {
    addRow(1);
    addRow(3);
    addRow(4);
    config_.pipeline.batchSize = 10;
    EXPECT_EQ(poller().pollOnce().watermarkAfter, 1);
    clock_.advance(4999ms);
    const auto stillWaiting = poller().pollOnce();
    EXPECT_EQ(stillWaiting.watermarkAfter, 1);
    EXPECT_EQ(stillWaiting.waitingGaps, (Ranges{{2, 2}}));
    clock_.advance(1ms);
    const auto expired = poller().pollOnce();
    EXPECT_EQ(expired.expiredGaps, (Ranges{{2, 2}}));
    EXPECT_TRUE(expired.waitingGaps.empty());
    EXPECT_EQ(expired.watermarkAfter, 4);
    EXPECT_EQ(queued(), (Ids{1, 3, 4}));
    EXPECT_EQ(cursor()->rescanFrom, 2); // the rescan watches id 2
}

TEST_F(InboxPollerTest, EveryGapWaitsFromWhenItWasFirstSeenNotFromWhenItBecameFirst) {
    config_.pipeline.batchSize = 10;
    addRow(1);
    addRow(3);
    addRow(5); // 2 and 4 missing, both seen at t0
    EXPECT_EQ(poller().pollOnce().waitingGaps, (Ranges{{2, 2}, {4, 4}}));
    clock_.advance(3s);
    addRow(2);
    EXPECT_EQ(poller().pollOnce().watermarkAfter, 3);
    clock_.advance(2s); // t0 + 5 s: 4 has waited its max-commit-delay
    const auto report = poller().pollOnce();
    EXPECT_EQ(report.expiredGaps, (Ranges{{4, 4}}));
    EXPECT_EQ(report.watermarkAfter, 5);
}

TEST_F(InboxPollerTest, TheRescanQueuesALateRowBelowTheWatermarkAndReportsIt) {
    addRow(1);
    addRow(3);
    poller().pollOnce();
    clock_.advance(5s);
    ASSERT_EQ(poller().pollOnce().watermarkAfter, 3);
    clock_.advance(10s);
    addRow(2); // committed late
    const auto report = poller().compensateOnce();
    EXPECT_EQ(report.late, (Ids{2}));
    EXPECT_EQ(report.rescanFromBefore, 2);
    EXPECT_EQ(report.rescanFromAfter, 4);
    EXPECT_EQ(queued(), (Ids{1, 2, 3}));
    EXPECT_EQ(record(2).state, ProcessingState::Pending);
    EXPECT_EQ(cursor()->rescanFrom, 4);
    EXPECT_EQ(cursor()->watermark, 3);
    // Nothing left to look for.
    EXPECT_TRUE(poller().compensateOnce().late.empty());
}

TEST_F(InboxPollerTest, AGapThatNeverFillsIsAbandonedAfterTheRescanHorizon) {
    EXPECT_EQ(InboxPoller::rescanHorizon(config_.pipeline), 120s);
    addRow(1);
    addRow(3);
    poller().pollOnce();
    clock_.advance(5s);
    ASSERT_EQ(poller().pollOnce().watermarkAfter, 3); // 2 given up at t0 + 5 s
    clock_.advance(119s);
    const auto watched = poller().compensateOnce();
    EXPECT_TRUE(watched.abandoned.empty());
    EXPECT_EQ(watched.rescanFromAfter, 2);
    clock_.advance(1s);
    const auto abandoned = poller().compensateOnce();
    EXPECT_EQ(abandoned.abandoned, (Ranges{{2, 2}}));
    EXPECT_EQ(abandoned.rescanFromAfter, 4);
    EXPECT_EQ(cursor()->rescanFrom, 4);
}

TEST_F(InboxPollerTest, ARestartedPollerWatchesTheOpenRescanWindowAgain) {
    addRow(1);
    addRow(3);
    poller().pollOnce();
    clock_.advance(5s);
    poller().pollOnce();
    clock_.advance(200s); // past the horizon of the old process, which died before rescanning
    InboxPoller restarted(*store_, mailbox_->inbox(), clock_, pipeline::IntakeSettings::of(config_));
    EXPECT_EQ(restarted.compensateOnce().rescanFromAfter, 2); // watched again from now
    addRow(2);
    EXPECT_EQ(restarted.compensateOnce().late, (Ids{2}));
}

TEST_F(InboxPollerTest, AnIdJumpIsOneGapWaitedForAndWatchedAsARange) {
    addRow(1);
    addRow(1'000'001); // e.g. AUTO_INCREMENT moved by a bulk insert that rolled back
    EXPECT_EQ(poller().pollOnce().waitingGaps, (Ranges{{2, 1'000'000}}));
    clock_.advance(5s);
    const auto taken = poller().pollOnce();
    EXPECT_EQ(taken.expiredGaps, (Ranges{{2, 1'000'000}}));
    EXPECT_EQ(taken.watermarkAfter, 1'000'001);
    addRow(500'000);
    const auto rescan = poller().compensateOnce();
    EXPECT_EQ(rescan.late, (Ids{500'000}));
    EXPECT_EQ(rescan.scanned, 2); // the rows in the window, not the missing ids
    EXPECT_EQ(rescan.rescanFromAfter, 2);
    EXPECT_EQ(queued(), (Ids{1, 500'000, 1'000'001}));
}

TEST_F(InboxPollerTest, AStoreFailureMidBatchLeavesTheWatermarkAndTheMailboxAlone) {
    for (MailboxId id = 1; id <= 3; ++id) {
        addRow(id);
    }
    config_.pipeline.batchSize = 10;
    const auto before = mailbox_->inbox().readAbove(0, 10);
    decoratedStore_->queue.failEnqueue = true;
    EXPECT_THROW(poller().pollOnce(), storage::InfraError);
    EXPECT_FALSE(cursor());
    EXPECT_TRUE(queued().empty());
    EXPECT_EQ(mailbox_->inbox().readAbove(0, 10), before);
    EXPECT_EQ(mailboxMarks(1).first, std::nullopt);

    decoratedStore_->queue.failEnqueue = false; // the store is back: the same rows are retried
    const auto retried = poller().pollOnce();
    EXPECT_EQ(retried.watermarkBefore, 0);
    EXPECT_EQ(retried.enqueued, 3);
    EXPECT_EQ(cursor()->watermark, 3);
}

TEST_F(InboxPollerTest, AnIdlePollIsOneMailboxQueryAndNoStoreWork) {
    addRow(1);
    ASSERT_EQ(poller().pollOnce().enqueued, 1);
    const int reads = inbox_->reads;
    const int cursorUses = decoratedStore_->cursorUses;
    const int enqueues = decoratedStore_->queue.enqueueCalls;
    const auto idle = poller().pollOnce();
    EXPECT_EQ(idle.read, 0);
    EXPECT_EQ(idle.watermarkAfter, 1);
    EXPECT_EQ(inbox_->reads, reads + 1);
    EXPECT_EQ(decoratedStore_->cursorUses, cursorUses);
    EXPECT_EQ(decoratedStore_->queue.enqueueCalls, enqueues);

    // Once idle, a poll is the id-only probe and no read of the documents.
    const int probes = inbox_->probes;
    EXPECT_EQ(poller().pollOnce().read, 0);
    EXPECT_EQ(inbox_->reads, reads + 1);
    EXPECT_EQ(inbox_->probes, probes + 1);
    addRow(2);
    EXPECT_EQ(poller().pollOnce().enqueued, 1); // the probe finds it, then one read takes it
    EXPECT_EQ(inbox_->probes, probes + 2);
    EXPECT_EQ(inbox_->reads, reads + 2);
}

} // namespace
} // namespace msgx::test

namespace msgx::test {
namespace {

// Issue 17 (1): a production store that has never polled starts where pipeline.first-start says,
// not at the legacy history.
class FirstStartTest : public IntakeFixture {
protected:
    void markProcessed(storage::MailboxId id) {
        Poco::Data::Session session("SQLite", mailboxPath_);
        session
            << "UPDATE CMINMSGS SET CMINMSGS_DATE_PROCESSED = '2024-03-18 15:00:01' WHERE CMINMSGS_ID = " +
                   std::to_string(id),
            Poco::Data::Keywords::now;
    }
};

TEST_F(FirstStartTest, LowestUnprocessedLeavesTheLegacyConsumersRowsAndQueuesTheRest) {
    config_.profile = config::Profile::Production;
    config_.pipeline.firstStart = config::FirstStart::LowestUnprocessed;
    for (storage::MailboxId id = 1; id <= 5; ++id) {
        addRow(id);
    }
    for (storage::MailboxId id : {1, 2, 3}) {
        markProcessed(id);
    }
    const auto cursor =
        pipeline::chooseFirstStart(pipeline::IntakeSettings::of(config_), *store_, mailbox_->inbox());
    ASSERT_TRUE(cursor.has_value());
    EXPECT_EQ(cursor->watermark, 3);
    EXPECT_EQ(store_->audit().recent(1).at(0).action, "cursor-first-start");
    EXPECT_EQ(pipeline::chooseFirstStart(pipeline::IntakeSettings::of(config_), *store_, mailbox_->inbox()),
              std::nullopt)
        << "only once: the store has a cursor now";

    pipeline::InboxPoller poller(*store_, mailbox_->inbox(), clock_, pipeline::IntakeSettings::of(config_));
    poller.pollOnce();
    EXPECT_EQ(queued(), (std::vector<storage::MailboxId>{4, 5}));
}

TEST_F(FirstStartTest, AutoOnProductionRefusesAndThePollerQueuesNothing) {
    config_.profile = config::Profile::Production;
    addRow(1);
    EXPECT_THROW(
        (void)pipeline::chooseFirstStart(pipeline::IntakeSettings::of(config_), *store_, mailbox_->inbox()),
        std::runtime_error);
    pipeline::InboxPoller poller(*store_, mailbox_->inbox(), clock_, pipeline::IntakeSettings::of(config_));
    EXPECT_THROW(poller.pollOnce(), std::runtime_error)
        << "a store that was down at start refuses in the poller";
    EXPECT_TRUE(queued().empty());
    EXPECT_EQ(cursor(), std::nullopt);
}

TEST_F(FirstStartTest, AfterMaxIdQueuesOnlyRowsThatComeLater) {
    config_.profile = config::Profile::Production;
    config_.pipeline.firstStart = config::FirstStart::AfterMaxId;
    addRow(1);
    addRow(2);
    pipeline::InboxPoller poller(*store_, mailbox_->inbox(), clock_, pipeline::IntakeSettings::of(config_));
    poller.pollOnce();
    EXPECT_TRUE(queued().empty());
    addRow(3);
    poller.pollOnce();
    EXPECT_EQ(queued(), (std::vector<storage::MailboxId>{3}));
}

} // namespace
} // namespace msgx::test
