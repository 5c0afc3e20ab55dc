// The operator side of MSG_EVENT: per-target summary and backlog, requeue of DEAD events, the newest DEAD
// event (the dispatcher's on-dead hold) and filtered pages.
#include "StoreSuite.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::EventId;
using storage::EventState;
using storage::OutboxEvent;
using storage::TargetSummary;

std::vector<std::string> payloadsOf(const std::vector<OutboxEvent>& events) {
    std::vector<std::string> out;
    for (const auto& e : events) {
        out.push_back(e.payloadJson);
    }
    return out;
}

// Message 1 at start(): msg m1, msg m2. Message 2 one minute later: msg m3, msg m4, schd s1.
// m1 SENT, m2 and m3 DEAD; m4 and s1 PENDING. Returns the event ids of m1..m4.
std::vector<EventId> outboxWithEveryState(storage::OwnStore& store, ManualClock& clock) {
    auto& outbox = store.events();
    auto commit = [&](storage::MailboxId id, std::vector<storage::NewEvent> events) {
        storage::ProcessingCommit c;
        c.mailboxId = id;
        c.expected = {storage::ProcessingState::Pending, 0};
        c.outcome.state = storage::ProcessingState::Succeeded;
        c.events = std::move(events);
        EXPECT_TRUE(store.processing().commit(c).applied);
    };
    store.processing().enqueue({{1, "<MSG/>", std::nullopt, "VALID", std::nullopt},
                                {2, "<MSG/>", std::nullopt, "VALID", std::nullopt}},
                               std::nullopt);
    commit(1, {{"msg", 1, "m1"}, {"msg", 1, "m2"}});
    clock.advance(1min);
    commit(2, {{"msg", 2, "m3"}, {"msg", 2, "m4"}, {"schd", 2, "s1"}});
    const auto all = outbox.list("msg", std::nullopt, 0, 10);
    EXPECT_EQ(all.size(), 4u);
    std::vector<EventId> ids;
    for (const auto& e : all) {
        ids.push_back(e.id);
    }
    outbox.markSent("msg", ids[0] - 1, ids[0]);
    outbox.recordFailure(ids[1], clock.now(), "refused");
    outbox.markDead({ids[1], ids[2]}, "message too large");
    return ids;
}

TEST_P(StoreSuite, OutboxSummaryCountsEachTargetsStatesWithOldestPendingAndNewestDead) {
    const auto ids = outboxWithEveryState(store(), clock_);
    const auto second = clock_.now();
    EXPECT_EQ(store().events().summary(),
              (std::vector<TargetSummary>{{"msg", 1, 1, 2, second, ids[2]},
                                          {"schd", 1, 0, 0, second, std::nullopt}}));
}

// The dispatcher's own status: PENDING above the mark it is given (m4 once m1's mark passed it;
// nothing once the mark passed m4, though m4 is not settled), the oldest of them, that target's DEAD.
TEST_P(StoreSuite, BacklogCountsPendingAboveTheMarkAndTheTargetsDead) {
    const auto ids = outboxWithEveryState(store(), clock_);
    const auto second = clock_.now();
    auto& outbox = store().events();
    EXPECT_EQ(outbox.backlog("msg", ids[0]), (storage::TargetBacklog{1, second, 2}));
    EXPECT_EQ(outbox.backlog("msg", ids[3]), (storage::TargetBacklog{0, std::nullopt, 2}));
    EXPECT_EQ(outbox.backlog("schd", 0), (storage::TargetBacklog{1, second, 0}));
    EXPECT_EQ(outbox.backlog("nowhere", 0), (storage::TargetBacklog{0, std::nullopt, 0}));
}

TEST_P(StoreSuite, RequeueDeadReturnsOnlyThatTargetsDeadEventsToPendingWithTheirErrorKept) {
    const auto ids = outboxWithEveryState(store(), clock_);
    auto& outbox = store().events();
    ASSERT_EQ(outbox.newestDead("msg")->id, ids[2]);
    EXPECT_FALSE(outbox.newestDead("schd"));
    clock_.advance(5min);

    EXPECT_EQ(outbox.requeueDead("msg", 0), 2);
    for (const EventId id : {ids[1], ids[2]}) {
        const auto event = outbox.find(id);
        EXPECT_EQ(event->state, EventState::Pending);
        EXPECT_EQ(event->attempts, 0);
        EXPECT_EQ(event->nextAttemptAt, clock_.now());
        EXPECT_EQ(event->lastError, "message too large");
    }
    EXPECT_EQ(outbox.find(ids[0])->state, EventState::Sent);
    EXPECT_FALSE(outbox.newestDead("msg"));
    EXPECT_EQ(outbox.pendingCount("msg", 0), 3);
    EXPECT_EQ(outbox.requeueDead("msg", 0), 0);
    EXPECT_EQ(outbox.head("msg", 0)->id, ids[1]);
}

TEST_P(StoreSuite, EventListPagesInIdOrderAndFiltersByState) {
    const auto ids = outboxWithEveryState(store(), clock_);
    auto& outbox = store().events();
    EXPECT_EQ(payloadsOf(outbox.list("msg", std::nullopt, 0, 3)),
              (std::vector<std::string>{"m1", "m2", "m3"}));
    EXPECT_EQ(payloadsOf(outbox.list("msg", std::nullopt, ids[2], 3)), (std::vector<std::string>{"m4"}));
    EXPECT_EQ(payloadsOf(outbox.list("msg", EventState::Dead, 0, 10)),
              (std::vector<std::string>{"m2", "m3"}));
    EXPECT_EQ(payloadsOf(outbox.list("msg", EventState::Dead, ids[1], 10)), (std::vector<std::string>{"m3"}));
    EXPECT_EQ(payloadsOf(outbox.list("schd", EventState::Pending, 0, 10)), (std::vector<std::string>{"s1"}));
    const auto dead = outbox.list("msg", EventState::Dead, 0, 1);
    ASSERT_EQ(dead.size(), 1u);
    EXPECT_EQ(dead[0], *outbox.find(ids[1]));
    EXPECT_EQ(dead[0].attempts, 1);
    EXPECT_TRUE(outbox.list("other", std::nullopt, 0, 10).empty());
}

} // namespace
} // namespace msgx::test
