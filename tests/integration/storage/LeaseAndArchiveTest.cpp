// The single-writer lease between two stores; the archive move.
#include "StoreSuite.h"

#include <gmock/gmock.h>

#include <atomic>
#include <thread>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;

TEST_P(StoreSuite, OnlyOneOfTwoStoresHoldsTheLease) {
    auto other = openSecondStore();
    EXPECT_FALSE(store().lease().holder("pump"));
    EXPECT_TRUE(store().lease().acquire("pump", "host-a", 10s));
    EXPECT_FALSE(other->lease().acquire("pump", "host-b", 10s));
    EXPECT_TRUE(store().lease().acquire("pump", "host-a", 10s)); // re-acquiring one's own lease
    EXPECT_EQ(other->lease().holder("pump"), (storage::LeaseHolder{"host-a", clock_.now() + 10s}));

    clock_.advance(5s);
    EXPECT_TRUE(store().lease().renew("pump", "host-a", 10s));
    EXPECT_FALSE(other->lease().renew("pump", "host-b", 10s));
    other->lease().release("pump", "host-b"); // not the holder: nothing happens
    EXPECT_EQ(store().lease().holder("pump")->owner, "host-a");

    store().lease().release("pump", "host-a");
    EXPECT_FALSE(other->lease().holder("pump"));
    EXPECT_TRUE(other->lease().acquire("pump", "host-b", 10s));
}

TEST_P(StoreSuite, AnExpiredLeaseGoesToTheOtherStoreAndTheOldOwnerCannotRenew) {
    auto other = openSecondStore();
    ASSERT_TRUE(store().lease().acquire("pump", "host-a", 10s));
    clock_.advance(10s);
    EXPECT_FALSE(store().lease().renew("pump", "host-a", 10s)); // expired: stop writing
    EXPECT_TRUE(other->lease().acquire("pump", "host-b", 10s));
    EXPECT_FALSE(store().lease().acquire("pump", "host-a", 10s));
    EXPECT_FALSE(store().lease().renew("pump", "host-a", 10s));
}

TEST_P(StoreSuite, ConcurrentAcquiresFromTwoStoresHaveOneWinner) {
    auto other = openSecondStore();
    std::atomic<int> winners{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < 8; ++i) {
        storage::OwnStore& target = i % 2 == 0 ? store() : *other;
        threads.emplace_back([&target, &winners, i] {
            if (target.lease().acquire("race", "owner-" + std::to_string(i), 10s)) {
                ++winners;
            }
        });
    }
    for (auto& t : threads) {
        t.join();
    }
    EXPECT_EQ(winners.load(), 1);
}

TEST_P(StoreSuite, ArchiveMovesOldTerminalRowsAndEventsOnceAndKeepsTheRest) {
    auto& queue = store().processing();
    for (storage::MailboxId id : {1, 2, 3, 4}) {
        enqueue(id);
    }
    auto done = succeeded(1);
    done.events = {{"msg", 1, "sent"}};
    ASSERT_TRUE(queue.commit(done).applied);
    store().backfill().markDone(1);
    ASSERT_TRUE(queue.commit(succeeded(2)).applied); // back-fill still due: must stay
    auto skipped = succeeded(3);
    skipped.outcome.state = storage::ProcessingState::Skipped;
    skipped.outcome.backfillStatus.reset();
    ASSERT_TRUE(queue.commit(skipped).applied);
    const auto events = store().events().claimBatch("msg", 1, 5s);
    store().events().markSent({events[0].id});

    clock_.advance(25h);
    enqueue(5); // young and pending
    ASSERT_TRUE(queue
                    .commit([] {
                        auto c = succeeded(5);
                        c.outcome.backfillStatus.reset();
                        c.events = {{"msg", 5, "pending"}};
                        return c;
                    }())
                    .applied); // terminal but younger than the cutoff
    const auto cutoff = clock_.now() - 24h;

    EXPECT_EQ(store().archive().archiveBefore(cutoff, 100), (storage::ArchiveReport{2, 1}));
    EXPECT_FALSE(queue.find(1));
    EXPECT_FALSE(queue.find(3));
    EXPECT_TRUE(queue.find(2));
    EXPECT_TRUE(queue.find(4));
    EXPECT_TRUE(queue.find(5));
    EXPECT_EQ(rowCount("PROC_STATE_HST"), 2);
    EXPECT_EQ(rowCount("MSG_EVENT_HST"), 1);
    EXPECT_EQ(store().events().pendingCount("msg"), 1);

    EXPECT_EQ(store().archive().archiveBefore(cutoff, 100), (storage::ArchiveReport{0, 0}));
    EXPECT_EQ(rowCount("PROC_STATE_HST"), 2);
    // An archived id read again from the mailbox is not queued a second time.
    EXPECT_TRUE(
        queue.enqueue({storage::NewMessage{1, "<again/>", std::nullopt, "VALID", std::nullopt}}, std::nullopt)
            .empty()); // The late-commit sweep sees archived ids as known too.
    EXPECT_EQ(queue.knownIds(1, 9), (std::vector<storage::MailboxId>{1, 2, 3, 4, 5}));
}

TEST_P(StoreSuite, ArchiveHonoursItsLimitAndIdentityDeduplicationStillWorksAfterIt) {
    auto& queue = store().processing();
    for (storage::MailboxId id : {1, 2, 3}) {
        enqueue(id);
        ASSERT_TRUE(queue.bindIdentity(id, "AODB|FLOP|ABTM|" + std::to_string(id)).bound);
        auto commit = succeeded(id);
        commit.outcome.backfillStatus.reset();
        ASSERT_TRUE(queue.commit(commit).applied);
    }
    clock_.advance(48h);
    EXPECT_EQ(store().archive().archiveBefore(clock_.now() - 24h, 2).messages, 2);
    EXPECT_EQ(store().archive().archiveBefore(clock_.now() - 24h, 2).messages, 1);

    enqueue(4);
    const auto duplicate = queue.bindIdentity(4, "AODB|FLOP|ABTM|2");
    EXPECT_FALSE(duplicate.bound);
    EXPECT_EQ(duplicate.duplicateOf, storage::MailboxId{2});
}

TEST_P(StoreSuite, ArchiveKeepsATerminalMessageWhileOneOfItsEventsIsPending) {
    auto& queue = store().processing();
    enqueue(1);
    auto done = succeeded(1);
    done.outcome.backfillStatus.reset();
    done.events = {{"msg", 1, "first"}, {"msg", 1, "second"}};
    ASSERT_TRUE(queue.commit(done).applied);
    const auto events = store().events().list("msg", std::nullopt, 0, 10);
    ASSERT_EQ(events.size(), 2u);
    store().events().markSent({events[0].id});
    clock_.advance(48h);
    const auto cutoff = clock_.now() - 24h;

    EXPECT_EQ(store().archive().archiveBefore(cutoff, 100), (storage::ArchiveReport{0, 1}));
    EXPECT_TRUE(queue.find(1));
    EXPECT_EQ(rowCount("PROC_STATE_HST"), 0);

    // A DEAD event is finished too: the message goes now, and its event with it.
    store().events().markDead({events[1].id}, "refused");
    EXPECT_EQ(store().archive().archiveBefore(cutoff, 100), (storage::ArchiveReport{1, 1}));
    EXPECT_FALSE(queue.find(1));
    EXPECT_EQ(rowCount("PROC_STATE_HST"), 1);
    EXPECT_EQ(rowCount("MSG_EVENT"), 0);
}

} // namespace
} // namespace msgx::test
