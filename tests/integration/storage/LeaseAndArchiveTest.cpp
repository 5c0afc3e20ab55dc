// The single-writer lease between two stores; the archive move.
#include "StoreSuite.h"
#include "msgx/storage/InfraError.h"

#include <gmock/gmock.h>

#include <atomic>
#include <thread>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;

TEST_P(StoreSuite, ALeaseIsTakenOnceAndEveryTakeOverRaisesItsEpoch) {
    auto other = openSecondStore();
    EXPECT_FALSE(store().lease().read("pump"));
    EXPECT_FALSE(store().lease().holder("pump"));
    EXPECT_EQ(store().lease().take("pump", "host-a", std::nullopt, 10s), 1);
    const auto seen = other->lease().read("pump");
    EXPECT_EQ(seen, (storage::LeaseState{"host-a", 1, 0}));
    EXPECT_FALSE(other->lease().take("pump", "host-b", std::nullopt, 10s)) << "held: not free";
    EXPECT_EQ(other->lease().holder("pump"), (storage::LeaseHolder{"host-a", clock_.now() + 10s}));

    clock_.advance(5s);
    EXPECT_TRUE(store().lease().renew("pump", "host-a", 1, 10s));
    EXPECT_EQ(other->lease().read("pump"), (storage::LeaseState{"host-a", 1, 1}));
    EXPECT_FALSE(other->lease().take("pump", "host-b", seen, 10s)) << "renewed since it was seen";
    EXPECT_FALSE(other->lease().renew("pump", "host-b", 1, 10s));
    EXPECT_FALSE(store().lease().renew("pump", "host-a", 2, 10s)) << "not the epoch held";
    other->lease().release("pump", "host-b", 1);  // not the holder: nothing happens
    store().lease().release("pump", "host-a", 2); // not the epoch held: nothing happens
    EXPECT_EQ(store().lease().read("pump")->owner, "host-a");

    // Unchanged since seen (the keeper waited a period): taken over, whatever EXPIRES_AT says.
    EXPECT_EQ(other->lease().take("pump", "host-b", other->lease().read("pump"), 10s), 2);
    EXPECT_FALSE(store().lease().renew("pump", "host-a", 1, 10s)) << "taken over: stop writing";
    store().lease().release("pump", "host-b", 2);
    EXPECT_FALSE(store().lease().holder("pump"));
    EXPECT_EQ(store().lease().read("pump"), (storage::LeaseState{std::nullopt, 2, 0}));
    EXPECT_EQ(store().lease().take("pump", "host-a", std::nullopt, 10s), 3) << "free: taken at once";
}

TEST_P(StoreSuite, AWriterWhoseLeaseWasTakenOverWritesNothing) {
    auto other = openSecondStore();
    const auto lease = storage::WriterFence::kLeaseName;
    const auto epoch = store().lease().take(lease, "host-a", std::nullopt, 10s);
    ASSERT_TRUE(epoch);
    store().lease().fence().hold(*epoch);
    store().cursors().save({"inbox", 10, 11});
    store().lease().confirmFence("test: back-fill");

    const auto newer = other->lease().take(lease, "host-b", other->lease().read(lease), 10s);
    ASSERT_EQ(newer, *epoch + 1);
    other->lease().fence().hold(*newer);
    try {
        store().cursors().save({"inbox", 20, 21});
        ADD_FAILURE() << "the replaced writer's cursor was written";
    } catch (const storage::InfraError& e) {
        EXPECT_EQ(e.reason(), storage::InfraError::Reason::Fenced) << e.what();
        EXPECT_THAT(e.what(), ::testing::HasSubstr("moved to epoch " + std::to_string(*newer))) << e.what();
    }
    EXPECT_THROW(store().lease().confirmFence("test: back-fill"), storage::InfraError);
    EXPECT_EQ(other->cursors().load("inbox"), (storage::InboxCursor{"inbox", 10, 11}));
    other->cursors().save({"inbox", 30, 31}); // the new writer writes
    EXPECT_EQ(store().cursors().load("inbox"), (storage::InboxCursor{"inbox", 30, 31}));

    // A handle that is not the writer any more fails without asking; one never fenced is not checked.
    store().lease().fence().lose();
    EXPECT_THROW(store().events().recordDelivered("msg", 1), storage::InfraError);
    auto tool = openSecondStore();
    tool->cursors().save({"inbox", 40, 41});
    EXPECT_EQ(other->cursors().load("inbox"), (storage::InboxCursor{"inbox", 40, 41}));
}

TEST_P(StoreSuite, ConcurrentTakesFromTwoStoresHaveOneWinner) {
    auto other = openSecondStore();
    std::atomic<int> winners{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < 8; ++i) {
        storage::OwnStore& target = i % 2 == 0 ? store() : *other;
        threads.emplace_back([&target, &winners, i] {
            if (target.lease().take("race", "owner-" + std::to_string(i), std::nullopt, 10s)) {
                ++winners;
            }
        });
    }
    for (auto& t : threads) {
        t.join();
    }
    EXPECT_EQ(winners.load(), 1);
    EXPECT_EQ(store().lease().read("race")->epoch, 1);
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
    const auto events = store().events().nextDue("msg", 0, 1);
    store().events().markSent("msg", events[0].id - 1, events[0].id);

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
    EXPECT_EQ(store().events().pendingCount("msg", 0), 1);

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
    store().events().markSent("msg", events[0].id - 1, events[0].id);
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
