// The archive job on an embedded SQLite store (US-11): what is eligible moves, what is not stays,
// a second run moves nothing, an archived identity is still a duplicate; the daily run time in the
// business time zone.
#include "msgx/pipeline/housekeeping/ArchiveJob.h"

#include "IntakeFixture.h"
#include "msgx/pipeline/housekeeping/BackfillWorker.h"
#include "msgx/pipeline/intake/InboxPoller.h"

#include <Poco/Data/Session.h>

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using namespace std::chrono;
using pipeline::ArchiveJob;
using storage::MailboxId;
using storage::ProcessingState;
using Ids = std::vector<MailboxId>;

class ArchiveJobTest : public IntakeFixture {
protected:
    std::int64_t count(const std::string& table) {
        Poco::Data::Session session("SQLite", (dir_->path() / "store.db").string());
        Poco::Int64 n = 0;
        session << "SELECT COUNT(*) FROM " + table, Poco::Data::Keywords::into(n), Poco::Data::Keywords::now;
        return n;
    }
    void commitWithEvent(MailboxId id, const std::string& identityKey) {
        storage::ProcessingCommit commit;
        commit.mailboxId = id;
        commit.expected = {ProcessingState::Pending, 0};
        commit.outcome.state = ProcessingState::Succeeded;
        commit.outcome.backfillStatus = "PROCESSED";
        commit.events.push_back({"msg", 4711, R"({"flid":4711})"});
        commit.identityKey = identityKey;
        const auto result = store_->processing().commit(commit);
        ASSERT_TRUE(result.applied) << result.conflict;
    }
};

TEST_F(ArchiveJobTest, MovesEligibleRowsOnlyAndIsIdempotent) {
    config_.pipeline.batchSize = 100;
    for (MailboxId id = 1; id <= 6; ++id) {
        addRow(id, id == 2 ? std::optional<std::string>("INVALID") : std::optional<std::string>("VALID"));
    }
    pipeline::InboxPoller(*store_, mailbox_->inbox(), clock_, pipeline::IntakeSettings::of(config_))
        .pollOnce();
    commitWithEvent(1, "AODB|FLOP|ABTM|1"); // event SENT below, back-fill done below
    // 2: SKIPPED mailbox-status:INVALID, no back-fill needed. 3: stays PENDING.
    ASSERT_TRUE(
        store_->processing()
            .recordFailure(4, {ProcessingState::Pending, 0}, {ErrorClass::Infra, "down", clock_.now()})
            .applied);
    commitWithEvent(5, "AODB|FLOP|ABTM|5"); // its event stays PENDING
    const auto sent = store_->events().head("msg", 0);
    ASSERT_TRUE(sent);
    store_->events().markSent("msg", sent->id - 1, sent->id);
    pipeline::BackfillWorker(*store_, mailbox_->inbox(), clock_, config_.backfill).runOnce();
    finish(6, ProcessingState::Succeeded); // its back-fill is still DUE
    ASSERT_EQ(record(1).backfillState, storage::BackfillState::Done);
    ASSERT_EQ(record(6).backfillState, storage::BackfillState::Due);

    ArchiveJob job(*store_, clock_, pipeline::ArchiveSettings::of(config_));
    clock_.advance(24h - 1s);
    EXPECT_EQ(job.runOnce(), (storage::ArchiveReport{0, 0})); // younger than the retention
    clock_.advance(2s);
    EXPECT_EQ(job.runOnce(), (storage::ArchiveReport{2, 1}));
    EXPECT_EQ(queued(), (Ids{3, 4, 5, 6}));
    EXPECT_EQ(count("PROC_STATE_HST"), 2);
    EXPECT_EQ(count("MSG_EVENT_HST"), 1);
    EXPECT_EQ(count("MSG_EVENT"), 1);

    EXPECT_EQ(job.runOnce(), (storage::ArchiveReport{0, 0}));
    EXPECT_EQ(count("PROC_STATE_HST"), 2);

    // A resend of message 1's identity after archiving is still a duplicate.
    addRow(7);
    pipeline::InboxPoller(*store_, mailbox_->inbox(), clock_, pipeline::IntakeSettings::of(config_))
        .pollOnce();
    const auto binding = store_->processing().bindIdentity(7, "AODB|FLOP|ABTM|1");
    EXPECT_FALSE(binding.bound);
    EXPECT_EQ(binding.duplicateOf, 1);
}

// Issue 44 (4): the daily run purges history archived longer ago than history.retention, and only
// that.
TEST_F(ArchiveJobTest, PurgesHistoryArchivedLongerAgoThanHistoryRetention) {
    config_.history.retention = 5 * 24h; // at least identity-window 3d + archive.retention 1d
    const auto poll = [this] {
        pipeline::InboxPoller(*store_, mailbox_->inbox(), clock_, pipeline::IntakeSettings::of(config_))
            .pollOnce();
    };
    ArchiveJob job(*store_, clock_, pipeline::ArchiveSettings::of(config_));
    addRow(1, std::string("INVALID")); // SKIPPED mailbox-status:INVALID: no back-fill, archivable
    poll();
    clock_.advance(24h + 1s);
    ASSERT_EQ(job.runOnce(), (storage::ArchiveReport{1, 0}));
    const auto firstArchived = clock_.now();
    addRow(2, std::string("INVALID"));
    poll();
    clock_.advance(24h + 1s);
    ASSERT_EQ(job.runOnce(), (storage::ArchiveReport{1, 0}));
    ASSERT_EQ(count("PROC_STATE_HST"), 2);

    clock_.set(firstArchived + 5 * 24h); // archived exactly history.retention ago: kept
    EXPECT_EQ(job.runOnce(), (storage::ArchiveReport{0, 0}));
    EXPECT_EQ(count("PROC_STATE_HST"), 2);
    clock_.advance(1s);
    job.runOnce();
    EXPECT_EQ(count("PROC_STATE_HST"), 1);
    EXPECT_FALSE(store_->processing().findAnywhere(1));
    EXPECT_TRUE(store_->processing().findAnywhere(2));
    EXPECT_EQ(job.purgeHistory(), storage::PurgeReport{});
}

Clock::time_point utc(sys_days day, Clock::duration time) {
    return time_point_cast<Clock::duration>(day + time);
}

TEST_F(ArchiveJobTest, RunsDailyAtArchiveAtInTheBusinessTimeZone) {
    config_.archive.at = {3, 0}; // 03:00 Asia/Shanghai = 19:00Z the day before
    const ArchiveJob job(*store_, clock_, pipeline::ArchiveSettings::of(config_));
    const auto day = sys_days{2024y / 3 / 18};
    EXPECT_EQ(job.nextRunAfter(utc(day, 18h + 59min + 59s)), utc(day, 19h));
    EXPECT_EQ(job.nextRunAfter(utc(day, 19h)), utc(day + days(1), 19h)); // strictly after
    // 00:30 local on the 19th, before the UTC day changes.
    EXPECT_EQ(job.nextRunAfter(utc(day, 16h + 30min)), utc(day, 19h));
    // Across midnight UTC: 07:00 local on the 19th, today's 03:00 has passed.
    EXPECT_EQ(job.nextRunAfter(utc(day, 23h)), utc(day + days(1), 19h));
    // Across the end of a month and a year.
    EXPECT_EQ(job.nextRunAfter(utc(sys_days{2024y / 12 / 31}, 20h)), utc(sys_days{2025y / 1 / 1}, 19h));
}

TEST_F(ArchiveJobTest, RunsAtLocalMidnightInUtc) {
    config_.pipeline.businessTimeZone = "UTC";
    config_.archive.at = {0, 0};
    const ArchiveJob job(*store_, clock_, pipeline::ArchiveSettings::of(config_));
    const auto day = sys_days{2024y / 2 / 28};
    EXPECT_EQ(job.nextRunAfter(utc(day, 23h + 59min + 59s)), utc(day + days(1), 0s));
    EXPECT_EQ(job.nextRunAfter(utc(day + days(1), 0s)), utc(day + days(2), 0s)); // 29 Feb -> 1 Mar
}

} // namespace
} // namespace msgx::test
