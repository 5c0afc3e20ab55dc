// The lease keeper's own rules, against an in-memory lease with the store's semantics: a standby
// takes a held lease only after seeing its row unchanged for a whole period on its own monotonic
// clock (whatever the writer's wall clock says), each take-over raises the epoch and fences the old
// writer, holds() turns false by itself before a standby can take over, a refused renewal stops
// writing at once, a failed one resumes when the store answers again.
#include "msgx/pipeline/runtime/WriterLeaseKeeper.h"

#include "msgx/clock/ManualClock.h"
#include "msgx/storage/InfraError.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <unistd.h>

namespace msgx::pipeline {
namespace {

using namespace std::chrono_literals;
using storage::LeaseState;
using storage::WriterFence;

// WRITER_LEASE in memory; `failing` makes every call throw InfraError. Shared by the keepers of a
// test as the table is shared by daemons; each keeper has a fence of its own (its own store handle).
using LeaseTable = std::map<std::string, LeaseState>;

class InMemoryLease final : public storage::WriterLease {
public:
    explicit InMemoryLease(std::shared_ptr<LeaseTable> table) : table_(std::move(table)) {}

    std::optional<LeaseState> read(const std::string& name) override {
        failIfAsked();
        const auto found = rows_.find(name);
        return found == rows_.end() ? std::nullopt : std::optional(found->second);
    }
    std::optional<std::int64_t> take(const std::string& name, const std::string& owner,
                                     const std::optional<LeaseState>& seen, Clock::duration) override {
        failIfAsked();
        auto& row = rows_[name];
        if (row.owner && seen != row) {
            return std::nullopt;
        }
        row = LeaseState{owner, row.epoch + 1, 0};
        return row.epoch;
    }
    bool renew(const std::string& name, const std::string& owner, std::int64_t epoch,
               Clock::duration) override {
        failIfAsked();
        auto& row = rows_[name];
        if (row.owner != owner || row.epoch != epoch) {
            return false;
        }
        ++row.renewals;
        return true;
    }
    void release(const std::string& name, const std::string& owner, std::int64_t epoch) override {
        failIfAsked();
        auto& row = rows_[name];
        if (row.owner == owner && row.epoch == epoch) {
            row.owner.reset();
        }
    }
    std::optional<storage::LeaseHolder> holder(const std::string& name) override {
        const auto row = read(name);
        return row && row->owner ? std::optional(storage::LeaseHolder{*row->owner, {}}) : std::nullopt;
    }
    WriterFence& fence() override { return fence_; }
    void confirmFence(const std::string&) override {}

    bool failing = false;

private:
    void failIfAsked() const {
        if (failing) {
            throw storage::InfraError(storage::InfraError::Reason::Unavailable, "store: lease",
                                      "connection refused");
        }
    }

    std::shared_ptr<LeaseTable> table_;
    LeaseTable& rows_ = *table_;
    WriterFence fence_;
};

class WriterLeaseKeeperTest : public ::testing::Test {
protected:
    // One clock per daemon: b's wall clock is an hour ahead of a's, which must not matter.
    ManualClock clockA_{Clock::time_point(std::chrono::seconds(1'700'000'000))};
    ManualClock clockB_{Clock::time_point(std::chrono::seconds(1'700'003'600))};
    std::shared_ptr<LeaseTable> table_ = std::make_shared<LeaseTable>();
    InMemoryLease leaseA_{table_};
    InMemoryLease leaseB_{table_};
    // Period 9 s: renewed every 3 s, a writer stops 6 s after its last renewal started.
    WriterLeaseKeeper a_{leaseA_, clockA_, 9s, "host-a:1:1"};
    WriterLeaseKeeper b_{leaseB_, clockB_, 9s, "host-b:2:2"};

    void advanceBoth(Clock::duration d) {
        clockA_.advance(d);
        clockB_.advance(d);
    }
};

TEST_F(WriterLeaseKeeperTest, AFreeLeaseIsTakenAtOnceAtEpochOneAndFencesTheTaker) {
    EXPECT_EQ(leaseA_.fence().token(), WriterFence::kUnfenced);
    EXPECT_TRUE(a_.maintain());
    EXPECT_TRUE(a_.holds());
    EXPECT_EQ(a_.epoch(), 1);
    EXPECT_EQ(leaseA_.fence().token(), 1);
    EXPECT_FALSE(b_.maintain()); // standby
    EXPECT_FALSE(b_.holds());
    EXPECT_EQ(leaseB_.fence().token(), WriterFence::kUnfenced);
}

TEST_F(WriterLeaseKeeperTest, AStandbyNeverTakesOverWhileTheWriterRenewsWhateverTheClocksSay) {
    ASSERT_TRUE(a_.maintain());
    for (int tick = 0; tick < 30; ++tick) {
        advanceBoth(3s);
        ASSERT_TRUE(a_.maintain()) << "tick " << tick;
        ASSERT_FALSE(b_.maintain()) << "tick " << tick;
    }
    EXPECT_EQ(leaseA_.read("pipeline")->owner, "host-a:1:1");
    EXPECT_EQ(leaseA_.read("pipeline")->renewals, 30);
}

TEST_F(WriterLeaseKeeperTest, AStandbyTakesOverOnlyAfterAWholePeriodWithoutRenewalOnItsOwnClock) {
    ASSERT_TRUE(a_.maintain());
    ASSERT_FALSE(b_.maintain()); // sees epoch 1, renewals 0 at its elapsed 0
    // a stops renewing (paused). Its own clock does not move: a pause does not let it notice.
    clockB_.advance(9s - 1ms);
    EXPECT_FALSE(b_.maintain()) << "a period has not passed on b's clock";
    clockB_.advance(1ms);
    EXPECT_TRUE(b_.maintain());
    EXPECT_EQ(b_.epoch(), 2);
    EXPECT_EQ(leaseB_.fence().token(), 2);
    // a resumes: it still believes it holds (its clock did not move), but its fence token is 1, and
    // its renewal is refused, which turns it into a standby with a lost fence.
    EXPECT_TRUE(a_.holds());
    EXPECT_EQ(leaseA_.fence().token(), 1);
    EXPECT_FALSE(a_.renew());
    EXPECT_FALSE(a_.holds());
    EXPECT_EQ(leaseA_.fence().token(), WriterFence::kNotWriter);
    EXPECT_FALSE(a_.maintain());
    EXPECT_TRUE(b_.maintain());
}

TEST_F(WriterLeaseKeeperTest, ARenewalSeenByTheStandbyStartsItsPeriodAgain) {
    ASSERT_TRUE(a_.maintain());
    ASSERT_FALSE(b_.maintain());
    clockB_.advance(8s);
    clockA_.advance(3s);
    ASSERT_TRUE(a_.renew()); // renewals 1; then a stops
    EXPECT_FALSE(b_.maintain()) << "the row changed: b's period starts now";
    clockB_.advance(9s - 1ms);
    EXPECT_FALSE(b_.maintain());
    clockB_.advance(1ms);
    EXPECT_TRUE(b_.maintain());
}

TEST_F(WriterLeaseKeeperTest, HoldsTurnsFalseByItselfTwoThirdsOfAPeriodAfterTheLastRenewalStarted) {
    ASSERT_TRUE(a_.tryAcquire());
    clockA_.advance(3s);
    ASSERT_TRUE(a_.renew());
    clockA_.advance(6s - 1ms);
    EXPECT_TRUE(a_.holds());
    clockA_.advance(1ms);
    EXPECT_FALSE(a_.holds());
    EXPECT_EQ(a_.epoch(), 1) << "not renewed in time is not taken over: the epoch stays";
}

TEST_F(WriterLeaseKeeperTest, AFailedRenewalStopsWritingAtOnceAndALaterRenewalOfTheSameEpochResumes) {
    ASSERT_TRUE(a_.tryAcquire());
    clockA_.advance(3s);
    leaseA_.failing = true;
    EXPECT_FALSE(a_.maintain());
    EXPECT_FALSE(a_.holds());
    EXPECT_EQ(leaseA_.fence().token(), 1);
    leaseA_.failing = false;
    clockA_.advance(3s);
    EXPECT_TRUE(a_.maintain()); // still epoch 1 in the store: renewed
    EXPECT_TRUE(a_.holds());
    EXPECT_EQ(a_.epoch(), 1);
}

TEST_F(WriterLeaseKeeperTest, ReleaseHandsOverAtOnceAndTheNextEpochFollows) {
    ASSERT_TRUE(a_.tryAcquire());
    ASSERT_FALSE(b_.maintain());
    a_.release();
    EXPECT_FALSE(a_.holds());
    EXPECT_EQ(leaseA_.fence().token(), WriterFence::kNotWriter);
    EXPECT_TRUE(b_.maintain());
    EXPECT_EQ(b_.epoch(), 2);
}

TEST_F(WriterLeaseKeeperTest, AStandbyWatchesAWholePeriodWithoutAGapBeforeItTakesOver) {
    ASSERT_TRUE(a_.tryAcquire());
    ASSERT_FALSE(b_.maintain());
    leaseB_.failing = true; // the store is down for both: a cannot renew either
    clockB_.advance(20s);
    EXPECT_FALSE(b_.maintain());
    EXPECT_FALSE(b_.holds());
    leaseB_.failing = false;
    EXPECT_FALSE(b_.maintain()) << "the row seen before the outage proves nothing: a period starts now";
    clockB_.advance(9s);
    EXPECT_TRUE(b_.maintain()) << "not renewed for a whole watched period";
}

TEST_F(WriterLeaseKeeperTest, DefaultOwnerNamesHostPidAndStart) {
    const auto owner = WriterLeaseKeeper::defaultOwner(Clock::time_point(std::chrono::seconds(1234)));
    EXPECT_NE(owner.find(":" + std::to_string(getpid()) + ":1234"), std::string::npos) << owner;
    EXPECT_NE(owner.front(), ':') << owner;
}

} // namespace
} // namespace msgx::pipeline
