// PROC_STATE: idempotent enqueue, the head of the queue, guarded failures.
#include "StoreSuite.h"
#include "msgx/storage/InfraError.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::MailboxId;
using storage::NewMessage;
using storage::ProcessingState;
using testing::ElementsAre;

NewMessage message(MailboxId id, std::string xml = "<MSG/>") {
    NewMessage m;
    m.mailboxId = id;
    m.rawXml = std::move(xml);
    m.mailboxStatus = "VALID";
    return m;
}

TEST_P(StoreSuite, EnqueueInsertsOnlyNewIdsAndNeverResetsAnExistingRow) {
    auto& queue = store().processing();
    EXPECT_THAT(queue.enqueue({message(1), message(2), message(3)}, std::nullopt), ElementsAre(1, 2, 3));
    ASSERT_TRUE(queue.commit(succeeded(2)).applied);

    // The same rows again (a poller that re-reads after a crash), plus one new row and a duplicate
    // inside the batch: only the new id is inserted, and the terminal row keeps its state.
    EXPECT_THAT(queue.enqueue({message(2, "<changed/>"), message(3), message(4), message(4)}, std::nullopt),
                ElementsAre(4));
    const auto two = queue.find(2);
    ASSERT_TRUE(two);
    EXPECT_EQ(two->state, ProcessingState::Succeeded);
    EXPECT_EQ(two->rawXml, "<MSG/>");
    EXPECT_EQ(rowCount("PROC_STATE"), 4);
}

// A poll of many rows is written several per statement (50, then 8, then one by one): every row
// lands with its own values, in every size of statement, and known ids among them are skipped.
TEST_P(StoreSuite, EnqueueOfManyRowsWritesEachRowWithItsOwnValues) {
    auto& queue = store().processing();
    ASSERT_THAT(queue.enqueue({message(7)}, std::nullopt), ElementsAre(7));
    std::vector<NewMessage> poll;
    std::vector<MailboxId> expected;
    for (MailboxId id = 1; id <= 62; ++id) {
        NewMessage m = message(id, "<MSG n=\"" + std::to_string(id) + "\"/>");
        if (id % 10 == 3) {
            m.skipNote = "mailbox-status:" + std::to_string(id);
            m.mailboxStatus = "CANCELLED";
        }
        if (id % 4 == 0) {
            m.receivedAt = storage::Timestamp{} + std::chrono::seconds(1700000000 + id);
        }
        poll.push_back(std::move(m));
        if (id != 7) {
            expected.push_back(id);
        }
    }
    EXPECT_EQ(queue.enqueue(poll, std::nullopt), expected) << "61 new rows: 50 + 8 + 3";
    EXPECT_EQ(rowCount("PROC_STATE"), 62);
    for (const MailboxId id : {MailboxId{1}, MailboxId{13}, MailboxId{48}, MailboxId{50}, MailboxId{51},
                               MailboxId{53}, MailboxId{58}, MailboxId{59}, MailboxId{60}, MailboxId{62}}) {
        const auto row = queue.find(id);
        ASSERT_TRUE(row) << id;
        EXPECT_EQ(row->rawXml, "<MSG n=\"" + std::to_string(id) + "\"/>") << id;
        EXPECT_EQ(row->state, id % 10 == 3 ? ProcessingState::Skipped : ProcessingState::Pending) << id;
        EXPECT_EQ(row->note, id % 10 == 3 ? std::optional<std::string>("mailbox-status:" + std::to_string(id))
                                          : std::nullopt)
            << id;
        EXPECT_EQ(row->mailboxStatus, std::optional<std::string>(id % 10 == 3 ? "CANCELLED" : "VALID")) << id;
        EXPECT_EQ(row->receivedAt.has_value(), id % 4 == 0) << id;
        if (row->receivedAt) {
            EXPECT_EQ(*row->receivedAt, storage::Timestamp{} + std::chrono::seconds(1700000000 + id)) << id;
        }
    }
}

// The late-commit sweep's question: which ids of a range the store has seen.
TEST_P(StoreSuite, KnownIdsAreTheIdsOfARangeInTheQueue) {
    auto& queue = store().processing();
    queue.enqueue({message(3), message(5), message(9)}, std::nullopt);
    using Ids = std::vector<storage::MailboxId>;
    EXPECT_EQ(queue.knownIds(1, 10), (Ids{3, 5, 9}));
    EXPECT_EQ(queue.knownIds(4, 8), (Ids{5}));
    EXPECT_EQ(queue.knownIds(6, 8), Ids{});
}

TEST_P(StoreSuite, EnqueueMovesTheCursorInTheSameTransaction) {
    auto& queue = store().processing();
    EXPECT_FALSE(store().cursors().load("inbox"));
    queue.enqueue({message(10), message(11)}, storage::InboxCursor{"inbox", 11, 5});
    EXPECT_EQ(store().cursors().load("inbox"), (storage::InboxCursor{"inbox", 11, 5}));

    // A failing batch (value too long for MAILBOX_STATUS, VARCHAR(20)) moves neither rows nor cursor.
    NewMessage bad = message(13);
    bad.mailboxStatus = std::string(21, 'X');
    EXPECT_THROW(queue.enqueue({message(12), bad}, storage::InboxCursor{"inbox", 13, 5}),
                 storage::InfraError);
    EXPECT_EQ(store().cursors().load("inbox"), (storage::InboxCursor{"inbox", 11, 5}));
    EXPECT_FALSE(queue.find(12));
}

TEST_P(StoreSuite, EnqueueRecordsARowWithAnotherMailboxStatusAsSkippedWithoutBackfill) {
    NewMessage invalid = message(20);
    invalid.mailboxStatus = "INVALID";
    invalid.skipNote = "mailbox-status:INVALID";
    store().processing().enqueue({invalid}, std::nullopt);
    const auto row = store().processing().find(20);
    ASSERT_TRUE(row);
    EXPECT_EQ(row->state, ProcessingState::Skipped);
    EXPECT_EQ(row->note, "mailbox-status:INVALID");
    EXPECT_EQ(row->mailboxStatus, "INVALID");
    EXPECT_EQ(row->backfillState, storage::BackfillState::None);
    EXPECT_FALSE(store().processing().head());
}

TEST_P(StoreSuite, HeadIsTheSmallestUnfinishedIdEvenWhileItWaitsForItsBackoff) {
    auto& queue = store().processing();
    EXPECT_FALSE(queue.head());
    queue.enqueue({message(7), message(5), message(9)}, std::nullopt);
    ASSERT_TRUE(queue.commit(succeeded(5)).applied);
    ASSERT_EQ(queue.head()->mailboxId, 7);

    const storage::ProcessingFailure failure{ErrorClass::Infra, "store down", clock_.now() + 4s};
    ASSERT_TRUE(queue.recordFailure(7, {ProcessingState::Pending, 0}, failure).applied);
    const auto head = queue.head();
    ASSERT_TRUE(head);
    EXPECT_EQ(head->mailboxId, 7);
    EXPECT_EQ(head->state, ProcessingState::Failed);
    EXPECT_EQ(head->attempts, 1);
    EXPECT_EQ(head->nextAttemptAt, clock_.now() + 4s);
    EXPECT_EQ(head->errorClass, ErrorClass::Infra);
    EXPECT_EQ(head->lastError, "store down");
    EXPECT_EQ(queue.unfinishedCount(), 2);
}

// A commit of `id` (expected PENDING/0) that ends DEAD, so that it can be replayed.
storage::ProcessingCommit dead(storage::ProcessingCommit commit) {
    commit.outcome.state = ProcessingState::Dead;
    commit.outcome.errorClass = ErrorClass::Exhausted;
    commit.outcome.lastError = "deadline passed";
    commit.outcome.backfillStatus = "ERROR";
    return commit;
}

// The head is read from the last head found (storage QueueHeadFloor), past the index entries that
// finished rows left behind; what this handle writes below it is still the next head at once.
TEST_P(StoreSuite, TheHeadIsReadFromTheLastHeadYetSeesRowsThisHandleMakesUnfinishedBelowIt) {
    auto& queue = store().processing();
    queue.enqueue({message(10), message(11), message(12)}, std::nullopt);
    ASSERT_EQ(queue.head()->mailboxId, 10);
    ASSERT_TRUE(queue.commit(succeeded(10)).applied);
    ASSERT_TRUE(queue.commit(dead(succeeded(11))).applied);
    ASSERT_EQ(queue.head()->mailboxId, 12);

    queue.enqueue({message(5)}, std::nullopt); // a late mailbox row below the head
    ASSERT_TRUE(queue.head());
    EXPECT_EQ(queue.head()->mailboxId, 5);
    ASSERT_TRUE(queue.commit(succeeded(5)).applied);
    ASSERT_TRUE(queue.commit(succeeded(12)).applied);
    EXPECT_FALSE(queue.head());

    ASSERT_TRUE(queue.resetForReplay(11, {ProcessingState::Dead, 0}).applied);
    ASSERT_TRUE(queue.head());
    EXPECT_EQ(queue.head()->mailboxId, 11);
}

// Another handle's replay (msgxctl) is not seen by the floor: a read from the start, made at least
// every second of the store's clock, finds it.
TEST_P(StoreSuite, AHeadReadFromTheStartIsMadeEverySecondForRowsAnotherHandleMadeUnfinished) {
    auto& queue = store().processing();
    queue.enqueue({message(1), message(2), message(3)}, std::nullopt);
    ASSERT_TRUE(queue.commit(dead(succeeded(1))).applied);
    ASSERT_EQ(queue.head()->mailboxId, 2);
    ASSERT_TRUE(queue.commit(succeeded(2)).applied);
    ASSERT_EQ(queue.head()->mailboxId, 3);

    auto other = openSecondStore();
    ASSERT_TRUE(other->processing().resetForReplay(1, {ProcessingState::Dead, 0}).applied);
    ASSERT_EQ(other->processing().head()->mailboxId, 1);
    EXPECT_EQ(queue.head()->mailboxId, 3) << "read from the floor within the second";
    clock_.advance(999ms);
    EXPECT_EQ(queue.head()->mailboxId, 3);
    clock_.advance(1ms);
    ASSERT_TRUE(queue.head());
    EXPECT_EQ(queue.head()->mailboxId, 1);
}

// Only a committed front read moves the floor: the rows of a refused batch stay the head.
TEST_P(StoreSuite, ARefusedBatchLeavesTheHeadWhereItWas) {
    auto& queue = store().processing();
    queue.enqueue({message(1), message(2), message(3)}, std::nullopt);
    ASSERT_EQ(queue.head()->mailboxId, 1);
    auto stale = succeeded(2);
    stale.expected = {ProcessingState::Failed, 1};
    storage::QueueFront front;
    ASSERT_FALSE(queue.commitAllAndReadFront({succeeded(1), stale}, 3, front).applied);
    ASSERT_TRUE(queue.head());
    EXPECT_EQ(queue.head()->mailboxId, 1);
    ASSERT_TRUE(queue.commitAllAndReadFront({succeeded(1), succeeded(2)}, 3, front).applied);
    ASSERT_TRUE(front.head);
    EXPECT_EQ(front.head->mailboxId, 3);
    EXPECT_EQ(queue.head()->mailboxId, 3);
}

TEST_P(StoreSuite, NextUnfinishedReadsPendingAndFailedRowsAfterTheHeadInIdOrderWithinItsIdRange) {
    auto& queue = store().processing();
    std::vector<storage::NewMessage> messages;
    for (const MailboxId id : {1, 2, 3, 4, 5, 6, 7, 28, 29, 40}) {
        messages.push_back(message(id));
    }
    queue.enqueue(messages, std::nullopt);
    ASSERT_TRUE(queue.commit(succeeded(3)).applied);
    const storage::ProcessingFailure failure{ErrorClass::Infra, "store down", clock_.now() + 4s};
    ASSERT_TRUE(queue.recordFailure(5, {ProcessingState::Pending, 0}, failure).applied);
    const auto idsOf = [](const std::vector<storage::ProcessingRecord>& records) {
        std::vector<MailboxId> ids;
        for (const auto& record : records) {
            ids.push_back(record.mailboxId);
        }
        return ids;
    };

    EXPECT_EQ(idsOf(queue.nextUnfinished(1, 3)), (std::vector<MailboxId>{2, 4, 5}));
    EXPECT_EQ(queue.nextUnfinished(1, 3)[2].state, ProcessingState::Failed);
    // After 7, limit 3 reads ids up to 7 + 4 x 3 + 16 = 35: 40 is out of range; limit 5 reaches 43.
    EXPECT_EQ(idsOf(queue.nextUnfinished(7, 3)), (std::vector<MailboxId>{28, 29}));
    EXPECT_EQ(idsOf(queue.nextUnfinished(7, 5)), (std::vector<MailboxId>{28, 29, 40}));
    EXPECT_TRUE(queue.nextUnfinished(40, 10).empty());
}

TEST_P(StoreSuite, RecordFailureIsGuardedByStateAndAttempts) {
    auto& queue = store().processing();
    enqueue(30);
    const storage::ProcessingFailure failure{ErrorClass::CodecError, "bad SODT", clock_.now() + 1s};
    EXPECT_TRUE(queue.recordFailure(30, {ProcessingState::Pending, 0}, failure).applied);
    // The same write again (e.g. its commit outcome was unknown) finds the row moved on.
    const auto repeated = queue.recordFailure(30, {ProcessingState::Pending, 0}, failure);
    EXPECT_FALSE(repeated.applied);
    EXPECT_THAT(repeated.conflict, testing::HasSubstr("FAILED/1"));
    EXPECT_TRUE(queue.recordFailure(30, {ProcessingState::Failed, 1}, failure).applied);
    EXPECT_EQ(queue.find(30)->attempts, 2);
    EXPECT_FALSE(queue.recordFailure(31, {ProcessingState::Pending, 0}, failure).applied);
}

TEST_P(StoreSuite, ProcessingStartIsAnchoredOnce) {
    enqueue(40);
    const auto first = store().processing().markProcessingStarted(40);
    EXPECT_EQ(first, clock_.now());
    clock_.advance(90s);
    EXPECT_EQ(store().processing().markProcessingStarted(40), first);
    EXPECT_EQ(store().processing().find(40)->processingStartedAt, first);
}

TEST_P(StoreSuite, LongMessageTextWithFourByteCharactersRoundTripsUnchanged) {
    // 2 MiB of XML mixing ASCII, CJK, a CJK Extension B character and an emoji (4-byte UTF-8): the
    // ODBC paths bind it as CLOB (MariaDB) or a long string (psqlODBC), and read it back whole.
    std::string xml = "<MSG><DATA>";
    while (xml.size() < (std::size_t{2} << 20)) {
        xml += "航班 CA1234 \xF0\xA0\x80\x80 \xF0\x9F\x9B\xAB 成都双流 ";
    }
    xml += "</DATA></MSG>";
    NewMessage big = message(50, xml);
    store().processing().enqueue({big}, std::nullopt);
    const auto row = store().processing().find(50);
    ASSERT_TRUE(row);
    EXPECT_EQ(row->rawXml.size(), xml.size());
    EXPECT_TRUE(row->rawXml == xml);
}

} // namespace
} // namespace msgx::test
