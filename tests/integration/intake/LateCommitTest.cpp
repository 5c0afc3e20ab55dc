// The acceptance test of the order rule against a real MariaDB mailbox (US-01, architecture.md
// §10 Q2): a transaction holds a lower id open while higher ids commit. Committed within
// max-commit-delay, everything is taken in id order; committed after it, the higher ids go first
// and the rescan picks the late row up. Nothing is lost either way.
#include "IntakeFixture.h"
#include "MariaDbMailbox.h"
#include "msgx/pipeline/intake/InboxPoller.h"

#include <Poco/Data/Session.h>

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using namespace Poco::Data::Keywords;
using pipeline::IdRange;
using pipeline::InboxPoller;
using storage::MailboxId;
using Ids = std::vector<MailboxId>;
using Ranges = std::vector<IdRange>;

using MailboxAccess = MariaDbMailbox::Access;

class LateCommitTest : public IntakeFixture, public ::testing::WithParamInterface<MailboxAccess> {
protected:
    void SetUp() override {
        IntakeFixture::SetUp();
        mariaDb_ = std::make_unique<MariaDbMailbox>(config_.mailbox, GetParam());
        connect_ = mariaDb_->connect();
        config_.pipeline.batchSize = 10;
        config_.pipeline.maxCommitDelay = 5s;
        poller_ = std::make_unique<InboxPoller>(*store_, mariaDb_->mailbox().inbox(), clock_,
                                                pipeline::IntakeSettings::of(config_));
    }
    void TearDown() override {
        poller_.reset();
        mariaDb_.reset();
        IntakeFixture::TearDown();
    }

    MailboxId insertOn(Poco::Data::Session& session, const std::string& text) {
        return mariaDb_->insertOn(session, text);
    }

    std::string connect_;
    std::unique_ptr<MariaDbMailbox> mariaDb_;
    std::unique_ptr<InboxPoller> poller_;
};

TEST_P(LateCommitTest, ALowerIdCommittedWithinMaxCommitDelayIsTakenInIdOrder) {
    Poco::Data::Session upstream("MySQL", connect_);
    Poco::Data::Session slow("MySQL", connect_);
    const MailboxId first = insertOn(upstream, "first");
    slow.begin();
    const MailboxId held = insertOn(slow, "held");
    const MailboxId third = insertOn(upstream, "third");
    const MailboxId fourth = insertOn(upstream, "fourth");
    ASSERT_LT(held, third);

    const auto waiting = poller_->pollOnce();
    EXPECT_EQ(waiting.watermarkAfter, first);
    EXPECT_EQ(waiting.waitingGaps, (Ranges{{held, held}}));
    EXPECT_EQ(queued(), (Ids{first}));
    clock_.advance(4s);
    EXPECT_EQ(poller_->pollOnce().watermarkAfter, first); // still inside max-commit-delay

    slow.commit();
    const auto taken = poller_->pollOnce();
    EXPECT_TRUE(taken.expiredGaps.empty());
    EXPECT_EQ(taken.enqueued, 3);
    EXPECT_EQ(taken.watermarkAfter, fourth);
    EXPECT_EQ(queued(), (Ids{first, held, third, fourth}));
    EXPECT_EQ(record(held).rawXml, "<MSG>held</MSG>");
    EXPECT_TRUE(poller_->compensateOnce().late.empty());
}

TEST_P(LateCommitTest, ALowerIdCommittedAfterMaxCommitDelayIsFoundByTheRescan) {
    Poco::Data::Session upstream("MySQL", connect_);
    Poco::Data::Session slow("MySQL", connect_);
    const MailboxId first = insertOn(upstream, "first");
    slow.begin();
    const MailboxId held = insertOn(slow, "held");
    const MailboxId third = insertOn(upstream, "third");
    ASSERT_LT(held, third);

    poller_->pollOnce();
    clock_.advance(5s);
    const auto gaveUp = poller_->pollOnce();
    EXPECT_EQ(gaveUp.expiredGaps, (Ranges{{held, held}}));
    EXPECT_EQ(gaveUp.watermarkAfter, third);
    EXPECT_EQ(queued(), (Ids{first, third}));
    EXPECT_TRUE(poller_->compensateOnce().late.empty()); // not committed yet: still watched

    clock_.advance(30s);
    slow.commit();
    const auto rescan = poller_->compensateOnce();
    EXPECT_EQ(rescan.late, (Ids{held}));
    EXPECT_EQ(rescan.rescanFromAfter, third + 1);
    EXPECT_EQ(queued(), (Ids{first, held, third}));
    EXPECT_EQ(record(held).state, storage::ProcessingState::Pending);
    // Lower than every other unfinished message once the first is done: the late row is the head.
    finish(first, storage::ProcessingState::Succeeded);
    EXPECT_EQ(store_->processing().head()->mailboxId, held);
    EXPECT_EQ(poller_->pollOnce().enqueued, 0);
}

std::string accessName(const ::testing::TestParamInfo<MailboxAccess>& param) {
    return param.param == MailboxAccess::Native ? "mysql" : "odbc_mysql";
}

INSTANTIATE_TEST_SUITE_P(Mailbox, LateCommitTest,
                         ::testing::Values(MailboxAccess::Native, MailboxAccess::Odbc), accessName);

} // namespace
} // namespace msgx::test
