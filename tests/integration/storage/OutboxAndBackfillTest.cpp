// MSG_EVENT in strict order per target above its delivered mark; back-fill intents.
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

TEST_P(StoreSuite, DueEventsFollowEventIdOrderPerTargetAboveTheMarkAndNeverPassAHeadInBackoff) {
    enqueue(1);
    enqueue(2);
    auto first = succeeded(1);
    first.events = {{"msg", 1, "m1"}, {"schd", 1, "s1"}, {"msg", 1, "m2"}};
    ASSERT_TRUE(store().processing().commit(first).applied);
    auto second = succeeded(2);
    second.events = {{"msg", 2, "m3"}, {"msg", 2, "m4"}};
    ASSERT_TRUE(store().processing().commit(second).applied);

    auto& outbox = store().events();
    auto batch = outbox.nextDue("msg", 0, 2);
    ASSERT_THAT(payloads(batch), testing::ElementsAre("m1", "m2"));
    EXPECT_LT(batch[0].id, batch[1].id);
    EXPECT_THAT(payloads(outbox.nextDue("msg", 0, 2)), testing::ElementsAre("m1", "m2"))
        << "a read claims nothing";
    const EventId mark = batch[1].id;

    // m3 fails and waits for its backoff: m4 is due but must not pass it.
    const auto m3 = outbox.nextDue("msg", mark, 1);
    ASSERT_THAT(payloads(m3), testing::ElementsAre("m3"));
    outbox.recordFailure(m3[0].id, clock_.now() + 8s, "broker refused");
    EXPECT_TRUE(outbox.nextDue("msg", mark, 10).empty());
    EXPECT_EQ(outbox.head("msg", mark)->payloadJson, "m3");
    EXPECT_EQ(outbox.head("msg", mark)->attempts, 1);
    EXPECT_EQ(outbox.head("msg", mark)->lastError, "broker refused");
    EXPECT_EQ(outbox.head("msg", 0)->payloadJson, "m1") << "below the mark only when asked from 0";
    EXPECT_EQ(outbox.pendingCount("msg", mark), 2);
    EXPECT_EQ(outbox.pendingCount("msg", 0), 4);
    // The other target is independent.
    EXPECT_THAT(payloads(outbox.nextDue("schd", 0, 10)), testing::ElementsAre("s1"));

    clock_.advance(8s);
    EXPECT_THAT(payloads(outbox.nextDue("msg", mark, 10)), testing::ElementsAre("m3", "m4"));
}

TEST_P(StoreSuite, TheDeliveredMarkIsKeptPerTargetAndMarkSentSettlesOnlyItsSpan) {
    enqueue(1);
    auto commit = succeeded(1);
    commit.events = {{"msg", 1, "a"}, {"msg", 1, "b"}, {"schd", 1, "s"}, {"msg", 1, "c"}, {"msg", 1, "d"}};
    ASSERT_TRUE(store().processing().commit(commit).applied);
    auto& outbox = store().events();
    const auto all = outbox.nextDue("msg", 0, 10);
    ASSERT_EQ(all.size(), 4u);
    EXPECT_EQ(outbox.deliveredMark("msg"), 0);

    outbox.recordDelivered("msg", all[1].id);
    EXPECT_EQ(outbox.deliveredMark("msg"), all[1].id);
    EXPECT_EQ(outbox.deliveredMark("schd"), 0);
    auto second = openSecondStore(); // a new writer reads the mark from the store
    EXPECT_EQ(second->events().deliveredMark("msg"), all[1].id);
    EXPECT_THAT(payloads(second->events().nextDue("msg", all[1].id, 10)), testing::ElementsAre("c", "d"));

    outbox.markDead({all[2].id}, "refused 5 times");
    clock_.advance(1s);
    // a..c: a and b become SENT, c stays DEAD, d (above upTo) and the schd event stay PENDING.
    outbox.markSent("msg", 0, all[2].id);
    EXPECT_EQ(outbox.find(all[0].id)->state, storage::EventState::Sent);
    EXPECT_EQ(outbox.find(all[0].id)->sentAt, clock_.now());
    EXPECT_EQ(outbox.find(all[1].id)->state, storage::EventState::Sent);
    EXPECT_EQ(outbox.find(all[2].id)->state, storage::EventState::Dead);
    EXPECT_EQ(outbox.find(all[3].id)->state, storage::EventState::Pending);
    EXPECT_EQ(outbox.nextDue("schd", 0, 10).size(), 1u);
    // The lower bound is exclusive and a second settle of the same span changes nothing.
    outbox.markSent("msg", all[3].id, all[3].id + 5);
    clock_.advance(1s);
    outbox.markSent("msg", 0, all[2].id);
    EXPECT_EQ(outbox.find(all[3].id)->state, storage::EventState::Pending);
    EXPECT_EQ(outbox.find(all[0].id)->sentAt, clock_.now() - 1s) << "a SENT row is not settled again";
    EXPECT_EQ(outbox.find(all[2].id)->state, storage::EventState::Dead);
    EXPECT_EQ(outbox.pendingCount("msg", 0), 1);

    outbox.recordDelivered("msg", all[3].id);
    EXPECT_EQ(outbox.deliveredMark("msg"), all[3].id);
}

TEST_P(StoreSuite, PostponedEventsKeepTheirAttemptCount) {
    enqueue(1);
    auto commit = succeeded(1);
    commit.events = {{"msg", 1, "a"}};
    ASSERT_TRUE(store().processing().commit(commit).applied);
    const auto due = store().events().nextDue("msg", 0, 1);
    store().events().postpone(ids(due), clock_.now() + 60s);
    const auto head = store().events().head("msg", 0);
    EXPECT_EQ(head->attempts, 0);
    EXPECT_EQ(head->nextAttemptAt, clock_.now() + 60s);
    EXPECT_TRUE(store().events().nextDue("msg", 0, 1).empty());
}

TEST_P(StoreSuite, DueBackfillIsReadUntilDoneAndMarkingItDoneTwiceChangesNothing) {
    enqueue(1);
    enqueue(2);
    ASSERT_TRUE(store().processing().commit(succeeded(1)).applied);
    auto shadow = succeeded(2);
    shadow.outcome.backfillStatus.reset();
    ASSERT_TRUE(store().processing().commit(shadow).applied);

    auto& backfill = store().backfill();
    EXPECT_EQ(backfill.dueCount(), 1);
    const std::vector<storage::BackfillTask> task{{1, "PROCESSED", clock_.now(), 0}};
    ASSERT_EQ(backfill.nextDue(10, 0), task);
    EXPECT_EQ(backfill.nextDue(10, 0), task); // a read changes nothing
    EXPECT_TRUE(backfill.nextDue(10, 1).empty());

    backfill.markDone(1);
    backfill.markDone(1);
    const auto row = store().processing().find(1);
    EXPECT_EQ(row->backfillState, storage::BackfillState::Done);
    EXPECT_EQ(backfill.dueCount(), 0);
    clock_.advance(60s);
    EXPECT_TRUE(backfill.nextDue(10, 0).empty());
}

// A backlog drained batch after batch: each read goes on after the last id of the one before, in id
// order, and from 0 again it finds what the pass left behind (2, postponed).
TEST_P(StoreSuite, BackfillIsReadInIdOrderAfterTheGivenId) {
    for (const storage::MailboxId id : {4, 1, 5, 2, 3}) {
        enqueue(id);
    }
    for (const storage::MailboxId id : {5, 3, 1, 4, 2}) {
        ASSERT_TRUE(store().processing().commit(succeeded(id)).applied);
    }
    auto& backfill = store().backfill();
    const auto idsOf = [](const std::vector<storage::BackfillTask>& tasks) {
        std::vector<storage::MailboxId> out;
        for (const auto& task : tasks) {
            out.push_back(task.mailboxId);
        }
        return out;
    };
    EXPECT_EQ(idsOf(backfill.nextDue(2, 0)), (std::vector<storage::MailboxId>{1, 2}));
    backfill.markDone(1);
    backfill.postpone({2}, clock_.now() + 1s);
    EXPECT_EQ(idsOf(backfill.nextDue(2, 2)), (std::vector<storage::MailboxId>{3, 4}));
    backfill.markDone(3);
    backfill.markDone(4);
    EXPECT_EQ(idsOf(backfill.nextDue(2, 4)), (std::vector<storage::MailboxId>{5}));
    backfill.markDone(5);
    EXPECT_TRUE(backfill.nextDue(2, 0).empty()); // 2 waits for its next attempt
    clock_.advance(1s);
    EXPECT_EQ(idsOf(backfill.nextDue(2, 0)), (std::vector<storage::MailboxId>{2}));
}

TEST_P(StoreSuite, FailedBackfillWaitsForItsNextAttempt) {
    enqueue(1);
    ASSERT_TRUE(store().processing().commit(succeeded(1)).applied);
    auto& backfill = store().backfill();
    ASSERT_EQ(backfill.nextDue(10, 0).size(), 1u);
    backfill.recordFailure(1, clock_.now() + 60s, "mailbox unreachable");
    clock_.advance(59s);
    EXPECT_TRUE(backfill.nextDue(10, 0).empty());
    clock_.advance(1s);
    const auto tasks = backfill.nextDue(10, 0);
    ASSERT_EQ(tasks.size(), 1u);
    EXPECT_EQ(tasks[0].attempts, 1);
    EXPECT_EQ(store().processing().find(1)->backfillError, "mailbox unreachable");
}

} // namespace
} // namespace msgx::test
