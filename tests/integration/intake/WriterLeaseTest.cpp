// The lease keeper on the real WRITER_LEASE of an embedded SQLite store shared by two daemons
// (OPS-1): a second one stands by, takes over after the expiry or at once after a release, and the
// first stops writing before its lease runs out when it misses a renewal.
#include "IntakeFixture.h"
#include "msgx/pipeline/runtime/WriterLeaseKeeper.h"
#include "msgx/storage/InfraError.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using pipeline::WriterLeaseKeeper;

class WriterLeaseTest : public IntakeFixture {
protected:
    void SetUp() override {
        IntakeFixture::SetUp();
        second_ = storage::OwnStore::open(store_->settings(), clock_); // the second daemon's pool
        a_ = std::make_unique<WriterLeaseKeeper>(store_->lease(), clock_, 9s, "host-a:100:1");
        b_ = std::make_unique<WriterLeaseKeeper>(second_->lease(), clock_, 9s, "host-b:200:2");
    }
    void TearDown() override {
        a_.reset();
        b_.reset();
        second_.reset();
        IntakeFixture::TearDown();
    }

    std::unique_ptr<storage::OwnStore> second_;
    std::unique_ptr<WriterLeaseKeeper> a_;
    std::unique_ptr<WriterLeaseKeeper> b_;
};

TEST_F(WriterLeaseTest, ASecondDaemonStandsByWhileTheFirstRenews) {
    ASSERT_TRUE(a_->maintain());
    for (int tick = 0; tick < 6; ++tick) {
        EXPECT_FALSE(b_->maintain());
        EXPECT_FALSE(b_->holds());
        clock_.set(a_->nextTickAfter(clock_.now()));
        ASSERT_TRUE(a_->maintain());
    }
    EXPECT_EQ(second_->lease().holder("pipeline")->owner, "host-a:100:1");
}

TEST_F(WriterLeaseTest, AMissedRenewalStopsTheWriterAndAPeriodWithoutRenewalHandsOverAndFencesIt) {
    ASSERT_TRUE(a_->maintain());
    EXPECT_FALSE(b_->maintain()); // sees a's row at t+0
    clock_.advance(6s - 1ms);
    EXPECT_TRUE(a_->holds());
    clock_.advance(1ms); // no renewal: two thirds of the period are gone
    EXPECT_FALSE(a_->holds());
    EXPECT_FALSE(b_->maintain()) << "the row has been unchanged for 6 s only";
    clock_.advance(3s);
    EXPECT_TRUE(b_->maintain());
    EXPECT_EQ(b_->epoch(), 2);
    EXPECT_FALSE(a_->renew());
    EXPECT_FALSE(a_->holds());
    EXPECT_THROW(store_->cursors().save({"inbox", 5, 6}), storage::InfraError) << "a is fenced";
    second_->cursors().save({"inbox", 5, 6});
}

TEST_F(WriterLeaseTest, ReleaseHandsOverAtOnce) {
    ASSERT_TRUE(a_->tryAcquire());
    a_->release();
    EXPECT_FALSE(a_->holds());
    EXPECT_TRUE(b_->maintain());
    EXPECT_EQ(store_->lease().holder("pipeline")->owner, "host-b:200:2");
}

} // namespace
} // namespace msgx::test
