// The lease keeper's own rules, against an in-memory lease with the store's semantics: holds()
// turns false by itself before the store's expiry, a refused or failed renewal stops writing at
// once, a standby takes over only after the expiry or a release.
#include "msgx/pipeline/WriterLeaseKeeper.h"

#include "msgx/clock/ManualClock.h"
#include "msgx/storage/InfraError.h"

#include <gtest/gtest.h>

#include <map>
#include <unistd.h>

namespace msgx::pipeline {
namespace {

using namespace std::chrono_literals;

// WRITER_LEASE in memory, timed by the test's clock; `failing` makes every call throw InfraError.
class InMemoryLease final : public storage::WriterLease {
public:
    explicit InMemoryLease(const Clock& clock) : clock_(clock) {}

    bool acquire(const std::string& name, const std::string& owner, Clock::duration period) override {
        failIfAsked();
        const auto current = holder(name);
        if (current && current->owner != owner) {
            return false;
        }
        leases_[name] = {owner, clock_.now() + period};
        return true;
    }
    bool renew(const std::string& name, const std::string& owner, Clock::duration period) override {
        failIfAsked();
        const auto current = holder(name);
        if (!current || current->owner != owner) {
            return false;
        }
        leases_[name] = {owner, clock_.now() + period};
        return true;
    }
    void release(const std::string& name, const std::string& owner) override {
        failIfAsked();
        if (leases_.count(name) != 0 && leases_[name].owner == owner) {
            leases_.erase(name);
        }
    }
    std::optional<storage::LeaseHolder> holder(const std::string& name) override {
        failIfAsked();
        const auto found = leases_.find(name);
        if (found == leases_.end() || found->second.expiresAt <= clock_.now()) {
            return std::nullopt;
        }
        return found->second;
    }

    bool failing = false;

private:
    void failIfAsked() const {
        if (failing) {
            throw storage::InfraError(storage::InfraError::Reason::Unavailable, "store: lease",
                                      "connection refused");
        }
    }

    const Clock& clock_;
    std::map<std::string, storage::LeaseHolder> leases_;
};

class WriterLeaseKeeperTest : public ::testing::Test {
protected:
    ManualClock clock_{Clock::time_point(std::chrono::seconds(1'700'000'000))};
    InMemoryLease lease_{clock_};
    // Period 9 s: renewed every 3 s, writers stop 3 s before the store's expiry.
    WriterLeaseKeeper a_{lease_, clock_, 9s, "host-a:1:1"};
    WriterLeaseKeeper b_{lease_, clock_, 9s, "host-b:2:2"};
};

TEST_F(WriterLeaseKeeperTest, ASecondKeeperCannotAcquireAHeldLease) {
    EXPECT_TRUE(a_.tryAcquire());
    EXPECT_TRUE(a_.holds());
    EXPECT_FALSE(b_.tryAcquire());
    EXPECT_FALSE(b_.maintain()); // standby
    EXPECT_FALSE(b_.holds());
    EXPECT_EQ(lease_.holder("pipeline")->owner, "host-a:1:1");
}

TEST_F(WriterLeaseKeeperTest, HoldsTurnsFalseByItselfBeforeTheStoreExpiryWhenARenewalIsMissed) {
    ASSERT_TRUE(a_.tryAcquire());
    clock_.advance(3s);
    ASSERT_TRUE(a_.renew()); // store expiry now t+12 s, writers may write until t+9 s
    clock_.advance(5999ms);
    EXPECT_TRUE(a_.holds());
    clock_.advance(1ms); // t+9 s: no renewal came
    EXPECT_FALSE(a_.holds());
    EXPECT_FALSE(b_.tryAcquire()); // the store's lease has not run out yet: nobody writes
    clock_.advance(3s);            // t+12 s: expired
    EXPECT_TRUE(b_.tryAcquire());
    EXPECT_FALSE(a_.renew());
    EXPECT_FALSE(a_.holds());
    EXPECT_FALSE(a_.maintain()); // standby behind b
    EXPECT_TRUE(b_.holds());
}

TEST_F(WriterLeaseKeeperTest, MaintainKeepsTheLeaseAcrossManyPeriods) {
    ASSERT_TRUE(a_.maintain());
    for (int tick = 0; tick < 10; ++tick) {
        clock_.set(a_.nextTickAfter(clock_.now()));
        ASSERT_TRUE(a_.maintain()) << "tick " << tick;
        ASSERT_FALSE(b_.maintain()) << "tick " << tick;
    }
    EXPECT_TRUE(a_.holds());
}

TEST_F(WriterLeaseKeeperTest, AFailedRenewalStopsWritingAtOnceAndARenewalInTimeResumes) {
    ASSERT_TRUE(a_.tryAcquire());
    clock_.advance(3s);
    lease_.failing = true;
    EXPECT_FALSE(a_.renew());
    EXPECT_FALSE(a_.holds()); // although the store's lease runs until t+9 s
    lease_.failing = false;
    clock_.advance(3s);
    EXPECT_TRUE(a_.maintain()); // still ours in the store: renewed
    EXPECT_TRUE(a_.holds());
}

TEST_F(WriterLeaseKeeperTest, ReleaseHandsOverAtOnce) {
    ASSERT_TRUE(a_.tryAcquire());
    a_.release();
    EXPECT_FALSE(a_.holds());
    EXPECT_TRUE(b_.tryAcquire());
    EXPECT_TRUE(b_.holds());
}

TEST_F(WriterLeaseKeeperTest, DefaultOwnerNamesHostPidAndStart) {
    const auto owner = WriterLeaseKeeper::defaultOwner(Clock::time_point(std::chrono::seconds(1234)));
    EXPECT_NE(owner.find(":" + std::to_string(getpid()) + ":1234"), std::string::npos) << owner;
    EXPECT_NE(owner.front(), ':') << owner;
}

} // namespace
} // namespace msgx::pipeline
