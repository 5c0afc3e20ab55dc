// `msgxctl events list|retry|skip`, the real binary on an embedded SQLite store.
#include "EmbeddedConfig.h"
#include "OutboxFixture.h"
#include "Subprocess.h"
#include "TempDir.h"
#include "msgx/clock/ManualClock.h"
#include "msgx/delivery/TargetRelease.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::EventState;
using testing::HasSubstr;

class MsgxctlEvents : public ::testing::Test {
protected:
    SubprocessResult events(std::vector<std::string> args) {
        std::vector<std::string> command{MSGX_MSGXCTL_BIN, "events"};
        command.insert(command.end(), args.begin(), args.end());
        command.insert(command.end(), {"--config", config_.string()});
        return runSubprocess(command, 60s);
    }

    // Makes the head of msg DEAD, as the dispatcher does after the last refusal.
    storage::EventId killHead() {
        const auto head = outbox_.store().events().nextDue("msg", 0, 1);
        outbox_.store().events().markDead({head.at(0).id}, "INVALID_RECORD");
        return head[0].id;
    }

    TempDir dir_;
    std::filesystem::path config_ = sqliteConfigIn(dir_.path());
    ManualClock clock_{dispatchTestStart()};
    SqliteOwnStore outbox_{clock_, dir_.path() / "store.db"};
};

TEST_F(MsgxctlEvents, ListsSkipsAndRetriesDeadEventsAndAuditsWhoDidIt) {
    const auto ids = outbox_.addEvents({{"msg", 11, flightUpdate(11, 1)}, {"msg", 12, flightUpdate(12, 1)}});
    const auto first = killHead();
    ASSERT_EQ(first, ids[0]);

    const auto listed = events({"list", "--target", "msg", "--state", "dead", "--json"});
    ASSERT_EQ(listed.exitCode, 0) << listed.err;
    EXPECT_THAT(listed.out, HasSubstr("\"eventId\": " + std::to_string(ids[0])));
    EXPECT_THAT(listed.out, HasSubstr("INVALID_RECORD"));
    EXPECT_THAT(listed.out, testing::Not(HasSubstr("\"eventId\": " + std::to_string(ids[1]))));

    const auto skipped = events({"skip", "--target", "msg"});
    ASSERT_EQ(skipped.exitCode, 0) << skipped.err;
    EXPECT_THAT(skipped.out, HasSubstr("1 DEAD event(s)"));
    EXPECT_EQ(delivery::releaseMark(outbox_.store(), "msg"), ids[0]);
    EXPECT_FALSE(delivery::findHold(outbox_.store(), "msg").has_value());
    auto audit = outbox_.store().audit().recent(1);
    ASSERT_EQ(audit.size(), 1u);
    EXPECT_EQ(audit[0].action, "events-skip");
    EXPECT_THAT(audit[0].actor, testing::StartsWith("msgxctl:"));

    const auto second = killHead();
    ASSERT_EQ(second, ids[1]);
    EXPECT_TRUE(delivery::findHold(outbox_.store(), "msg").has_value());
    const auto retried = events({"retry", "--target", "msg"});
    ASSERT_EQ(retried.exitCode, 0) << retried.err;
    // Only the DEAD event that holds the target: the skipped one stays DEAD (issue 18).
    EXPECT_EQ(outbox_.store().events().find(ids[0])->state, EventState::Dead);
    EXPECT_EQ(outbox_.store().events().find(ids[1])->state, EventState::Pending);
    audit = outbox_.store().audit().recent(1);
    EXPECT_EQ(audit.at(0).action, "events-retry");
    EXPECT_THAT(audit.at(0).detail.value_or(""), HasSubstr("events=1 ids=" + std::to_string(ids[1])));
}

TEST_F(MsgxctlEvents, RefusesAnUnknownTargetOrState) {
    EXPECT_EQ(events({"skip", "--target", "nosuch"}).exitCode, 2);
    EXPECT_EQ(events({"list", "--target", "msg", "--state", "LOST"}).exitCode, 2);
    EXPECT_NE(events({"retry"}).exitCode, 0); // --target is required
}

} // namespace
} // namespace msgx::test
