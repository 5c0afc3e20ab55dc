// Issue 17 against the real servers: a MariaDB mailbox (native connector) and a PostgreSQL own
// store. A row committed after the rescan horizon is still processed (the late-commit sweep); a
// mailbox behind the watermark stops intake until an operator accepts it; a first start and a
// backlog skip leave the legacy consumer's rows and marks alone.
#include "../storage/TestDatabase.h"
#include "IntakeFixture.h"
#include "MariaDbMailbox.h"
#include "msgx/pipeline/intake/FirstStart.h"
#include "msgx/pipeline/intake/InboxPoller.h"
#include "msgx/pipeline/intake/IntakeStopped.h"
#include "msgx/pipeline/operations/BacklogSkip.h"

#include <Poco/Data/Session.h>

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using namespace Poco::Data::Keywords;
using pipeline::InboxPoller;
using storage::MailboxId;
using Ids = std::vector<MailboxId>;

class IntakeWindowsTest : public IntakeFixture {
protected:
    void SetUp() override {
        IntakeFixture::SetUp();
        // The own store on PostgreSQL instead of the fixture's SQLite file.
        storeDb_ = std::make_unique<TestDatabase>(StoreBackend::Postgres);
        store_ = storage::OwnStore::open(storeDb_->settings(), clock_);
        store_->migrate(std::filesystem::path(MSGX_SOURCE_DIR) / "storage" / "migrations");

        mariaDb_ = std::make_unique<MariaDbMailbox>(config_.mailbox, MariaDbMailbox::Access::Native);
        connect_ = mariaDb_->connect();
        config_.pipeline.batchSize = 10;
        config_.pipeline.maxCommitDelay = 5s;
        config_.pipeline.compensationInterval = 60s; // rescan horizon max(50 s, 120 s) = 120 s
        poller_ = std::make_unique<InboxPoller>(*store_, mariaDb_->mailbox().inbox(), clock_,
                                                pipeline::IntakeSettings::of(config_));
    }
    void TearDown() override {
        poller_.reset();
        mariaDb_.reset();
        store_.reset();
        storeDb_.reset();
        IntakeFixture::TearDown();
    }

    MailboxId insertOn(Poco::Data::Session& session, const std::string& text) {
        return mariaDb_->insertOn(session, text);
    }
    MailboxId insert(const std::string& text) { return mariaDb_->insert(text); }
    // The legacy consumer's mark on a row (its STATUS as it leaves it).
    void markLegacy(MailboxId id, std::string status = "LEGACY") {
        Poco::Data::Session legacy("MySQL", connect_);
        legacy << "UPDATE " + config_.mailbox.inboxTable +
                      " SET CMINMSGS_DATE_PROCESSED = '2024-03-18 08:00:00', CMINMSGS_STATUS = ? "
                      "WHERE CMINMSGS_ID = ?",
            use(status), use(id), now;
    }
    // DATE_PROCESSED as text (nullopt: NULL) and STATUS of a row.
    std::pair<std::optional<std::string>, std::string> marks(MailboxId id) {
        Poco::Data::Session session("MySQL", connect_);
        Poco::Nullable<std::string> processed;
        std::string status;
        session << "SELECT DATE_FORMAT(CMINMSGS_DATE_PROCESSED, '%Y-%m-%d %H:%i:%s'), CMINMSGS_STATUS FROM " +
                       config_.mailbox.inboxTable + " WHERE CMINMSGS_ID = ?",
            use(id), into(processed), into(status), now;
        return {processed.isNull() ? std::nullopt : std::optional<std::string>(processed.value()), status};
    }
    int mailboxRows() {
        Poco::Data::Session session("MySQL", connect_);
        int count = 0;
        session << "SELECT COUNT(*) FROM " + config_.mailbox.inboxTable, into(count), now;
        return count;
    }

    std::unique_ptr<TestDatabase> storeDb_;
    std::string connect_;
    std::unique_ptr<MariaDbMailbox> mariaDb_;
    std::unique_ptr<InboxPoller> poller_;
};

// US-01.3: today's rescan gives a gap up after its horizon (120 s here); the row of a transaction
// that commits later still reaches the queue through the sweep, and only that row.
TEST_F(IntakeWindowsTest, ARowCommittedLongAfterTheRescanHorizonIsFoundByTheSweep) {
    Poco::Data::Session upstream("MySQL", connect_);
    Poco::Data::Session slow("MySQL", connect_);
    const MailboxId first = insertOn(upstream, "first");
    slow.begin();
    const MailboxId held = insertOn(slow, "held");
    const MailboxId third = insertOn(upstream, "third");
    ASSERT_LT(held, third);

    poller_->pollOnce();
    clock_.advance(5s);
    EXPECT_EQ(poller_->pollOnce().watermarkAfter, third);
    EXPECT_EQ(poller_->sweepOnce().late, Ids{}) << "not committed yet";
    clock_.advance(121s);
    const auto abandoned = poller_->compensateOnce();
    ASSERT_EQ(abandoned.abandoned.size(), 1U) << "the rescan gives the gap up";
    clock_.advance(10min);
    slow.commit();
    EXPECT_TRUE(poller_->compensateOnce().late.empty()) << "the rescan no longer looks there";
    EXPECT_EQ(queued(), (Ids{first, third}));

    // Below the head only: with `first` unfinished nothing above it is swept yet.
    EXPECT_EQ(poller_->sweepOnce().late, Ids{});
    finish(first, storage::ProcessingState::Succeeded);
    finish(third, storage::ProcessingState::Succeeded); // processed, not back-filled: DATE_PROCESSED NULL
    const auto swept = poller_->sweepOnce();
    EXPECT_EQ(swept.late, (Ids{held})) << "first and third are known to the store and not queued again";
    EXPECT_EQ(swept.unprocessed, 3);
    EXPECT_TRUE(swept.completed);
    EXPECT_EQ(record(held).state, storage::ProcessingState::Pending);
    EXPECT_EQ(record(held).rawXml, "<MSG>held</MSG>");
    EXPECT_EQ(store_->processing().head()->mailboxId, held);
    EXPECT_EQ(poller_->sweepOnce().late, Ids{}) << "found once";
}

TEST_F(IntakeWindowsTest, TheSweepStaysAboveTheCutOverStartAndReadsInBoundedRounds) {
    const MailboxId legacy = insert("left to the legacy consumer, never processed by it");
    store_->cursors().save({InboxPoller::kStartName, legacy, legacy + 1});
    store_->cursors().save({InboxPoller::kCursorName, legacy, legacy + 1});
    const MailboxId ours = insert("ours");
    poller_->pollOnce();
    finish(ours, storage::ProcessingState::Succeeded);
    // A row the store never saw above the start (deleted from PROC_STATE, as a lost row looks).
    const MailboxId lost = insert("lost");
    store_->cursors().save({InboxPoller::kCursorName, lost, lost + 1});
    poller_ = std::make_unique<InboxPoller>(*store_, mariaDb_->mailbox().inbox(), clock_,
                                            pipeline::IntakeSettings::of(config_));
    const auto swept = poller_->sweepOnce();
    EXPECT_EQ(swept.from, legacy + 1);
    EXPECT_EQ(swept.late, (Ids{lost}));
    EXPECT_THAT(queued(), ::testing::Not(::testing::Contains(legacy)));
}

TEST_F(IntakeWindowsTest, AMailboxBehindTheWatermarkStopsIntakeUntilAnOperatorAcceptsIt) {
    const MailboxId one = insert("one");
    const MailboxId two = insert("two");
    const MailboxId three = insert("three");
    EXPECT_EQ(poller_->pollOnce().watermarkAfter, three);
    {
        Poco::Data::Session owner("MySQL", connect_);
        Poco::Int64 keep = one;
        owner << "DELETE FROM " + config_.mailbox.inboxTable + " WHERE CMINMSGS_ID > ?", use(keep), now;
    }
    // A restarted msgxd (a new poller) and the running one's compensation round both see it.
    EXPECT_THROW(poller_->compensateOnce(), pipeline::IntakeStopped);
    poller_ = std::make_unique<InboxPoller>(*store_, mariaDb_->mailbox().inbox(), clock_,
                                            pipeline::IntakeSettings::of(config_));
    try {
        poller_->pollOnce();
        ADD_FAILURE() << "intake went on";
    } catch (const pipeline::IntakeStopped& e) {
        EXPECT_THAT(e.what(), ::testing::HasSubstr("largest id is " + std::to_string(one) +
                                                   ", below the watermark " + std::to_string(three)));
        EXPECT_THAT(e.what(), ::testing::HasSubstr("AUTO_INCREMENT = " + std::to_string(three + 1)));
        EXPECT_THAT(e.what(),
                    ::testing::HasSubstr("msgxctl cursor set --watermark " + std::to_string(three)));
    }
    EXPECT_THROW(poller_->pollOnce(), pipeline::IntakeStopped) << "while it holds, every poll checks";

    // What msgxctl cursor set records: the mailbox's largest id as it is now is accepted.
    store_->cursors().save({InboxPoller::kMailboxAckName, one, one + 1});
    EXPECT_EQ(poller_->pollOnce().watermarkAfter, three);
    {
        Poco::Data::Session owner("MySQL", connect_);
        owner << "ALTER TABLE " + config_.mailbox.inboxTable +
                     " AUTO_INCREMENT = " + std::to_string(three + 1),
            now;
    }
    const MailboxId next = insert("next");
    EXPECT_EQ(next, three + 1);
    EXPECT_EQ(poller_->pollOnce().watermarkAfter, next);
    EXPECT_EQ(queued(), (Ids{one, two, three, next}));
}

TEST_F(IntakeWindowsTest, ABacklogSkipRecordsTheRowsAndBackFillsOnlyWhatTheLegacyConsumerLeftUnmarked) {
    const MailboxId a = insert("a");
    const MailboxId b = insert("b");
    const MailboxId d = insert("d");
    const MailboxId c = insert("c");
    markLegacy(b);          // processed by the legacy consumer: its STATUS is not VALID any more
    markLegacy(d, "VALID"); // marked with the STATUS left VALID (or marked while the skip runs)
    const auto report =
        pipeline::skipBacklog(*store_, mariaDb_->mailbox().inbox(), clock_,
                              pipeline::IntakeSettings::of(config_), a, d, "cut-over", "msgxctl:test");
    EXPECT_EQ(report.recorded, 3);
    EXPECT_EQ(report.otherStatus, 1);
    EXPECT_EQ(report.marked, 1);
    EXPECT_EQ(report.legacyMarked, 1);
    for (const MailboxId id : {a, b, d}) {
        EXPECT_EQ(record(id).state, storage::ProcessingState::Skipped) << id;
        EXPECT_EQ(record(id).note, "backlog:cut-over") << id;
    }
    EXPECT_EQ(marks(a).first, "2024-03-18 15:00:00") << "back-filled at the clock's now in Asia/Shanghai";
    EXPECT_EQ(marks(a).second, "PROCESSED");
    EXPECT_EQ(marks(b),
              (std::pair<std::optional<std::string>, std::string>{"2024-03-18 08:00:00", "LEGACY"}));
    EXPECT_EQ(marks(d), (std::pair<std::optional<std::string>, std::string>{"2024-03-18 08:00:00", "VALID"}))
        << "a DATE_PROCESSED someone set is never overwritten";
    EXPECT_EQ(marks(c).first, std::nullopt);
    EXPECT_EQ(mailboxRows(), 4) << "never a DELETE";
    EXPECT_EQ(store_->audit().recent(1).at(0).action, "skip");
    EXPECT_THAT(store_->audit().recent(1).at(0).detail.value_or(""),
                ::testing::HasSubstr("3 recorded SKIPPED, 0 already queued"));

    // The poller then takes c and leaves the backlog as it is.
    poller_->pollOnce();
    EXPECT_EQ(queued(), (Ids{a, b, d, c}));
    EXPECT_EQ(record(c).state, storage::ProcessingState::Pending);
    EXPECT_EQ(record(a).state, storage::ProcessingState::Skipped);
    const auto again =
        pipeline::skipBacklog(*store_, mariaDb_->mailbox().inbox(), clock_,
                              pipeline::IntakeSettings::of(config_), a, c, "again", "msgxctl:test");
    EXPECT_EQ(again.recorded, 0);
    EXPECT_EQ(again.marked, 0);
    EXPECT_EQ(again.alreadyQueued, 1) << "c is queued: left as it is";
    EXPECT_EQ(record(c).state, storage::ProcessingState::Pending);
    EXPECT_EQ(record(a).note, "backlog:cut-over");
}

TEST_F(IntakeWindowsTest, AFirstStartAtTheLowestUnprocessedRowLeavesTheLegacyConsumersRows) {
    config_.profile = config::Profile::Production;
    poller_ = std::make_unique<InboxPoller>(*store_, mariaDb_->mailbox().inbox(), clock_,
                                            pipeline::IntakeSettings::of(config_));
    const MailboxId a = insert("a");
    const MailboxId b = insert("b");
    const MailboxId c = insert("c");
    markLegacy(a);
    EXPECT_THROW(poller_->pollOnce(), pipeline::IntakeStopped) << "production without a choice refuses";
    config_.pipeline.firstStart = config::FirstStart::LowestUnprocessed;
    poller_ = std::make_unique<InboxPoller>(*store_, mariaDb_->mailbox().inbox(), clock_,
                                            pipeline::IntakeSettings::of(config_));
    EXPECT_EQ(poller_->pollOnce().watermarkAfter, c);
    EXPECT_EQ(queued(), (Ids{b, c}));
    EXPECT_EQ(store_->cursors().load(InboxPoller::kStartName)->watermark, a);
}

} // namespace
} // namespace msgx::test
