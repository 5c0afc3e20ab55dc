// MSG_EVENT claims in strict order per target; back-fill intents.
#include "StoreSuite.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::EventId;
using storage::OutboxEvent;

std::vector<std::string> payloads(const std::vector<OutboxEvent>& events) {
    std::vector<std::string> out;
    for (const auto& e : events) {
        out.push_back(e.payloadJson);
    }
    return out;
}

std::vector<EventId> ids(const std::vector<OutboxEvent>& events) {
    std::vector<EventId> out;
    for (const auto& e : events) {
        out.push_back(e.id);
    }
    return out;
}

TEST_P(StoreSuite, ClaimsFollowEventIdOrderPerTargetAndNeverPassAHeadInBackoff) {
    enqueue(1);
    enqueue(2);
    auto first = succeeded(1);
    first.events = {{"msg", 1, "m1"}, {"schd", 1, "s1"}, {"msg", 1, "m2"}};
    ASSERT_TRUE(store().processing().commit(first).applied);
    auto second = succeeded(2);
    second.events = {{"msg", 2, "m3"}, {"msg", 2, "m4"}};
    ASSERT_TRUE(store().processing().commit(second).applied);

    auto& outbox = store().events();
    auto batch = outbox.claimBatch("msg", 2, 30s);
    ASSERT_THAT(payloads(batch), testing::ElementsAre("m1", "m2"));
    EXPECT_LT(batch[0].id, batch[1].id);
    outbox.markSent(ids(batch));

    // m3 fails and waits for its backoff: m4 is due but must not pass it.
    const auto m3 = outbox.claimBatch("msg", 1, 30s);
    ASSERT_THAT(payloads(m3), testing::ElementsAre("m3"));
    outbox.recordFailure(m3[0].id, clock_.now() + 8s, "broker refused");
    EXPECT_TRUE(outbox.claimBatch("msg", 10, 30s).empty());
    EXPECT_EQ(outbox.head("msg")->payloadJson, "m3");
    EXPECT_EQ(outbox.head("msg")->attempts, 1);
    EXPECT_EQ(outbox.head("msg")->lastError, "broker refused");
    // The other target is independent.
    EXPECT_THAT(payloads(outbox.claimBatch("schd", 10, 30s)), testing::ElementsAre("s1"));

    clock_.advance(8s);
    EXPECT_THAT(payloads(outbox.claimBatch("msg", 10, 30s)), testing::ElementsAre("m3", "m4"));
}

TEST_P(StoreSuite, ClaimedEventsAreHandedOutAgainOnlyAfterTheClaimRunsOut) {
    enqueue(1);
    auto commit = succeeded(1);
    commit.events = {{"msg", 1, "a"}, {"msg", 1, "b"}};
    ASSERT_TRUE(store().processing().commit(commit).applied);

    auto second = openSecondStore();
    const auto claimed = store().events().claimBatch("msg", 10, 20s);
    ASSERT_EQ(claimed.size(), 2u);
    EXPECT_TRUE(second->events().claimBatch("msg", 10, 20s).empty()); // another dispatcher gets nothing
    clock_.advance(20s);                                              // the first one crashed
    EXPECT_THAT(payloads(second->events().claimBatch("msg", 10, 20s)), testing::ElementsAre("a", "b"));

    store().events().markSent({claimed[0].id});
    store().events().markDead({claimed[1].id}, "refused 5 times");
    EXPECT_EQ(store().events().pendingCount("msg"), 0);
    EXPECT_EQ(store().events().find(claimed[0].id)->state, storage::EventState::Sent);
    EXPECT_EQ(store().events().find(claimed[0].id)->sentAt, clock_.now());
    EXPECT_EQ(store().events().find(claimed[1].id)->state, storage::EventState::Dead);
    // A late mark on an event that is no longer pending changes nothing.
    store().events().markSent({claimed[1].id});
    EXPECT_EQ(store().events().find(claimed[1].id)->state, storage::EventState::Dead);
}

TEST_P(StoreSuite, PostponedEventsKeepTheirAttemptCount) {
    enqueue(1);
    auto commit = succeeded(1);
    commit.events = {{"msg", 1, "a"}};
    ASSERT_TRUE(store().processing().commit(commit).applied);
    const auto claimed = store().events().claimBatch("msg", 1, 5s);
    store().events().postpone(ids(claimed), clock_.now() + 60s);
    const auto head = store().events().head("msg");
    EXPECT_EQ(head->attempts, 0);
    EXPECT_EQ(head->nextAttemptAt, clock_.now() + 60s);
}

TEST_P(StoreSuite, DueBackfillIsClaimedOnceAndMarkingItDoneTwiceChangesNothing) {
    enqueue(1);
    enqueue(2);
    ASSERT_TRUE(store().processing().commit(succeeded(1)).applied);
    auto shadow = succeeded(2);
    shadow.outcome.backfillStatus.reset();
    ASSERT_TRUE(store().processing().commit(shadow).applied);

    auto& backfill = store().backfill();
    EXPECT_EQ(backfill.dueCount(), 1);
    const auto tasks = backfill.claimDue(10, 30s);
    ASSERT_EQ(tasks, (std::vector<storage::BackfillTask>{{1, "PROCESSED", clock_.now(), 0}}));
    EXPECT_TRUE(backfill.claimDue(10, 30s).empty()); // claimed

    backfill.markDone(1);
    backfill.markDone(1);
    const auto row = store().processing().find(1);
    EXPECT_EQ(row->backfillState, storage::BackfillState::Done);
    EXPECT_EQ(backfill.dueCount(), 0);
    clock_.advance(60s);
    EXPECT_TRUE(backfill.claimDue(10, 30s).empty());
}

TEST_P(StoreSuite, FailedBackfillWaitsForItsNextAttempt) {
    enqueue(1);
    ASSERT_TRUE(store().processing().commit(succeeded(1)).applied);
    auto& backfill = store().backfill();
    ASSERT_EQ(backfill.claimDue(10, 30s).size(), 1u);
    backfill.recordFailure(1, clock_.now() + 60s, "mailbox unreachable");
    clock_.advance(59s);
    EXPECT_TRUE(backfill.claimDue(10, 30s).empty());
    clock_.advance(1s);
    const auto tasks = backfill.claimDue(10, 30s);
    ASSERT_EQ(tasks.size(), 1u);
    EXPECT_EQ(tasks[0].attempts, 1);
    EXPECT_EQ(store().processing().find(1)->backfillError, "mailbox unreachable");
}

} // namespace
} // namespace msgx::test
