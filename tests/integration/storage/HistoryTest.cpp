// History (issue 44): the archive moves terminal rows by their receive time; archived DEAD messages
// are listed (flagged) and replayed back into PROC_STATE, also when their identity is taken; the
// purge of history.retention; the tables' sizes for the status.
#include "StoreSuite.h"
#include "session/SessionPool.h"

#include <Poco/Data/Session.h>

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::MailboxId;
using storage::ProcessingState;

// What the tests below do to the suite's store.
struct History {
    storage::OwnStore& store;
    const TestDatabase& database;

    // Queues `id` as PENDING, received by the mailbox at `receivedAt` (none: the mailbox gave no time).
    void enqueueReceived(MailboxId id, std::optional<storage::Timestamp> receivedAt) const {
        storage::NewMessage message;
        message.mailboxId = id;
        message.rawXml = "<MSG><META><TYPE>FLOP</TYPE><STYP>ABTM</STYP><SEQN>" + std::to_string(id) +
                         "</SEQN></META></MSG>";
        message.receivedAt = receivedAt;
        message.mailboxStatus = "VALID";
        ASSERT_EQ(store.processing().enqueue({message}, std::nullopt), std::vector<MailboxId>{id});
    }
    // A commit of `id` (PENDING/0) that ends in `state` with no back-fill due (the archive may take it).
    static storage::ProcessingCommit ending(MailboxId id, ProcessingState state) {
        storage::ProcessingCommit commit;
        commit.mailboxId = id;
        commit.expected = {ProcessingState::Pending, 0};
        commit.outcome.state = state;
        if (state == ProcessingState::Dead) {
            commit.outcome.errorClass = ErrorClass::Exhausted;
            commit.outcome.lastError = "deadline passed";
        }
        return commit;
    }
    void finish(MailboxId id, ProcessingState state,
                std::optional<std::string> identity = std::nullopt) const {
        auto commit = ending(id, state);
        commit.identityKey = std::move(identity);
        const auto result = store.processing().commit(commit);
        ASSERT_TRUE(result.applied) << result.conflict;
    }
    // SQL by hand through a session of its own (what an operator's client would do).
    void execute(const std::string& sql) const {
        storage::DatabaseSettings settings = database.settings();
        settings.poolSize = 1;
        storage::SessionPool inspector(settings);
        inspector.transact("test: " + sql, [sql](storage::Transaction& tx) {
            tx.session() << sql, Poco::Data::Keywords::now;
            return 0;
        });
    }
    std::int64_t countOf(ProcessingState state) const {
        std::int64_t n = 0;
        for (const auto& c : store.processing().countByState()) {
            n += c.state == state ? c.count : 0;
        }
        return n;
    }
};

std::vector<MailboxId> ids(const std::vector<storage::ProcessingRecord>& records) {
    std::vector<MailboxId> result;
    for (const auto& r : records) {
        result.push_back(r.mailboxId);
    }
    return result;
}

std::vector<bool> archivedFlags(const std::vector<storage::ProcessingRecord>& records) {
    std::vector<bool> result;
    for (const auto& r : records) {
        result.push_back(r.archived);
    }
    return result;
}

// US-11/1: the receive time decides, not the last update. Message 1 was received two days before
// it ended (it waited behind a failing head): it moves a day after its receive time although it was
// updated an hour ago. Message 4's mailbox clock runs ten days ahead: updated long ago, it stays.
TEST_P(StoreSuite, ArchiveMovesTerminalRowsByTheirReceiveTimeNotTheirLastUpdate) {
    const History h{store(), *database_};
    const auto t0 = clock_.now();
    h.enqueueReceived(1, t0 - 48h);
    h.enqueueReceived(2, t0);
    h.enqueueReceived(3, std::nullopt); // queued at t0, no receive time
    h.enqueueReceived(4, t0 + 240h);
    h.finish(2, ProcessingState::Succeeded);
    h.finish(3, ProcessingState::Skipped);
    h.finish(4, ProcessingState::Succeeded);
    clock_.advance(23h);
    h.finish(1, ProcessingState::Succeeded); // UPDATED_AT = t0 + 23h

    EXPECT_EQ(store().archive().archiveBefore(clock_.now() - 24h, 100), (storage::ArchiveReport{1, 0}));
    EXPECT_FALSE(store().processing().find(1));
    EXPECT_TRUE(store().processing().findAnywhere(1)->archived);

    clock_.advance(2h); // cutoff t0 + 1h: 2 (received t0) and 3 (queued t0) are due, 4 is not
    EXPECT_EQ(store().archive().archiveBefore(clock_.now() - 24h, 100), (storage::ArchiveReport{2, 0}));
    EXPECT_EQ(ids(store().processing().list({}, 0, 10)), (std::vector<MailboxId>{4}));
    EXPECT_EQ(rowCount("PROC_STATE_HST"), 3);
}

// Archived DEAD messages stay repairable: listed with the live DEAD ones (by class too), flagged,
// found by id, and a replay moves the row back into PROC_STATE as PENDING; the counts follow.
TEST_P(StoreSuite, AnArchivedDeadMessageIsListedFlaggedAndReplayedBackIntoTheQueue) {
    const History h{store(), *database_};
    auto& queue = store().processing();
    h.enqueueReceived(1, clock_.now());
    h.enqueueReceived(2, clock_.now());
    h.enqueueReceived(3, clock_.now());
    h.finish(1, ProcessingState::Dead);
    h.finish(2, ProcessingState::Succeeded);
    clock_.advance(25h);
    ASSERT_EQ(store().archive().archiveBefore(clock_.now() - 24h, 100).messages, 2);
    h.enqueueReceived(4, clock_.now());
    h.finish(4, ProcessingState::Dead);

    const auto dead = queue.list({ProcessingState::Dead, std::nullopt}, 0, 10);
    EXPECT_EQ(ids(dead), (std::vector<MailboxId>{1, 4}));
    EXPECT_EQ(archivedFlags(dead), (std::vector<bool>{true, false}));
    EXPECT_EQ(ids(queue.list({ProcessingState::Dead, ErrorClass::Exhausted}, 1, 10)),
              (std::vector<MailboxId>{4})); // after id 1
    EXPECT_EQ(ids(queue.list({ProcessingState::Dead, std::nullopt}, 0, 1)),
              (std::vector<MailboxId>{1})); // the limit
    EXPECT_TRUE(queue.list({ProcessingState::Dead, ErrorClass::Infra}, 0, 10).empty());
    EXPECT_EQ(ids(queue.list({ProcessingState::Succeeded, std::nullopt}, 0, 10)), std::vector<MailboxId>{})
        << "only DEAD messages are listed from history";
    EXPECT_EQ(h.countOf(ProcessingState::Dead), 1);

    EXPECT_THAT(queue.resetForReplay(2, {ProcessingState::Succeeded, 0}).conflict,
                testing::HasSubstr("only a DEAD message"));
    EXPECT_THAT(queue.resetForReplay(1, {ProcessingState::Dead, 3}).conflict,
                testing::HasSubstr("PROC_STATE_HST 1 is DEAD/0, expected DEAD/3"));
    ASSERT_TRUE(queue.resetForReplay(1, {ProcessingState::Dead, 0}).applied);
    const auto back = queue.find(1);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->state, ProcessingState::Pending);
    EXPECT_EQ(back->attempts, 0);
    EXPECT_EQ(back->errorClass, ErrorClass::Exhausted);
    EXPECT_FALSE(back->archived);
    EXPECT_EQ(queue.head()->mailboxId, 1);
    EXPECT_EQ(rowCount("PROC_STATE_HST"), 1);          // message 2
    EXPECT_EQ(h.countOf(ProcessingState::Pending), 2); // 1 and 3
    EXPECT_EQ(h.countOf(ProcessingState::Dead), 1);
    EXPECT_TRUE(queue.recountStates().empty()) << "the kept counts match the rows";
    for (const auto& size : store().archive().tableSizes()) {
        if (size.rowsSource == "kept") { // SQLite
            EXPECT_EQ(size.rows, rowCount(size.table)) << size.table;
        }
    }
    EXPECT_FALSE(queue.resetForReplay(1, {ProcessingState::Dead, 0}).applied) << "replayed once";
}

// The identity an archived DEAD message comes back with: a live holder of the same key (SQL by
// hand) keeps the row in history; a key the identity window released comes back empty, and binding
// it again finds the repeat that holds it now (the pump then records duplicate-of).
TEST_P(StoreSuite, AnArchivedDeadMessageWhoseIdentityALiveMessageHoldsStaysInHistory) {
    const History h{store(), *database_};
    auto& queue = store().processing();
    h.enqueueReceived(1, clock_.now());
    h.finish(1, ProcessingState::Dead, "AODB|FLOP|ABTM|7");
    clock_.advance(25h);
    ASSERT_EQ(store().archive().archiveBefore(clock_.now() - 24h, 100).messages, 1);
    h.enqueueReceived(2, clock_.now());
    h.execute("UPDATE PROC_STATE SET IDENTITY_KEY = 'AODB|FLOP|ABTM|7' WHERE CMINMSGS_ID = 2");

    const auto held = queue.resetForReplay(1, {ProcessingState::Dead, 0});
    EXPECT_FALSE(held.applied);
    EXPECT_THAT(held.conflict, testing::HasSubstr("which message 2 in PROC_STATE holds now"));
    EXPECT_TRUE(queue.findAnywhere(1)->archived);
    EXPECT_EQ(rowCount("PROC_STATE_HST"), 1);

    h.execute("UPDATE PROC_STATE SET IDENTITY_KEY = NULL WHERE CMINMSGS_ID = 2");
    ASSERT_TRUE(queue.releaseIdentity(1, "AODB|FLOP|ABTM|7")); // the identity window let a repeat in
    ASSERT_TRUE(queue.bindIdentity(2, "AODB|FLOP|ABTM|7").bound);
    ASSERT_TRUE(queue.resetForReplay(1, {ProcessingState::Dead, 0}).applied);
    EXPECT_FALSE(queue.find(1)->identityKey);
    const auto again = queue.bindIdentity(1, "AODB|FLOP|ABTM|7");
    EXPECT_FALSE(again.bound);
    EXPECT_EQ(again.duplicateOf, MailboxId{2});
}

// history.retention: only rows archived before the cutoff go, oldest first, `limit` per table and
// batch; the rest and the live tables stay. The sizes follow (kept counts on SQLite).
TEST_P(StoreSuite, ThePurgeRemovesOnlyHistoryArchivedBeforeItsCutoffInBoundedBatches) {
    const History h{store(), *database_};
    for (MailboxId id : {1, 2, 3}) {
        h.enqueueReceived(id, clock_.now());
        auto commit = History::ending(id, ProcessingState::Succeeded);
        commit.events = {{"msg", 10 + id, "payload"}};
        ASSERT_TRUE(store().processing().commit(commit).applied);
    }
    const auto events = store().events().list("msg", std::nullopt, 0, 10);
    store().events().markSent("msg", events.front().id - 1, events.back().id);
    clock_.advance(25h);
    ASSERT_EQ(store().archive().archiveBefore(clock_.now() - 24h, 2), (storage::ArchiveReport{2, 2}));
    const auto firstArchive = clock_.now();
    clock_.advance(10 * 24h);
    ASSERT_EQ(store().archive().archiveBefore(clock_.now() - 24h, 2), (storage::ArchiveReport{1, 1}));
    h.enqueueReceived(4, clock_.now());

    const auto cutoff = firstArchive + 1s;
    auto batch = store().archive().purgeHistoryBefore(cutoff, 1);
    EXPECT_EQ(batch.rows, (std::map<std::string, std::int64_t>{{"MSG_EVENT_HST", 1}, {"PROC_STATE_HST", 1}}));
    EXPECT_TRUE(batch.full);
    EXPECT_FALSE(store().processing().findAnywhere(1)) << "the oldest first";
    EXPECT_TRUE(store().processing().findAnywhere(2));
    batch = store().archive().purgeHistoryBefore(cutoff, 1);
    EXPECT_EQ(batch.total(), 2);
    batch = store().archive().purgeHistoryBefore(cutoff, 1);
    EXPECT_EQ(batch, storage::PurgeReport{});
    EXPECT_EQ(rowCount("PROC_STATE_HST"), 1);
    EXPECT_EQ(rowCount("MSG_EVENT_HST"), 1);
    EXPECT_TRUE(store().processing().findAnywhere(3)->archived);
    EXPECT_TRUE(store().processing().find(4));
    EXPECT_TRUE(store().archive().purgeHistoryBefore(firstArchive, 100).rows.empty()) << "not before it";

    for (const auto& size : store().archive().tableSizes()) {
        if (size.rowsSource == "kept") {
            EXPECT_EQ(size.rows, rowCount(size.table)) << size.table;
        }
    }
}

// msgxctl status: each table's rows from the server's statistics (after ANALYZE here) or SQLite's
// kept and counted rows, and its oldest row through an index.
TEST_P(StoreSuite, TableSizesAreEstimatesOrKeptCountsWithTheOldestRowOfEachTable) {
    const History h{store(), *database_};
    const auto t0 = clock_.now();
    h.enqueueReceived(1, t0 - 1h);
    h.enqueueReceived(2, t0);
    h.finish(1, ProcessingState::Succeeded);
    auto commit = History::ending(2, ProcessingState::Succeeded);
    commit.events = {{"msg", 12, "payload"}};
    ASSERT_TRUE(store().processing().commit(commit).applied);
    clock_.advance(2h);
    h.enqueueReceived(3, clock_.now());
    ASSERT_EQ(store().archive().archiveBefore(t0 - 30min, 10).messages, 1);
    const auto archivedAt = clock_.now();

    const auto dialect = store().settings().dialect;
    if (dialect == storage::SqlDialect::PostgreSql) {
        h.execute("ANALYZE PROC_STATE, PROC_STATE_HST, MSG_EVENT, MSG_EVENT_HST, FLIGHT, FLIGHT_HST, "
                  "FLIGHT_DETAIL_HST");
    } else if (dialect == storage::SqlDialect::MySql) {
        h.execute("ANALYZE TABLE PROC_STATE, PROC_STATE_HST, MSG_EVENT, MSG_EVENT_HST, FLIGHT, FLIGHT_HST,"
                  " FLIGHT_DETAIL_HST");
    }
    std::map<std::string, storage::TableSize> sizes;
    for (auto& size : store().archive().tableSizes()) {
        sizes[size.table] = size;
    }
    // The live tables with an oldest row, the history tables of HistoryTables.cpp and their dependents.
    ASSERT_EQ(sizes.size(), 7u);
    const bool sqlite = dialect == storage::SqlDialect::Sqlite;
    EXPECT_EQ(sizes["PROC_STATE"].rowsSource, sqlite ? "counted" : "estimate");
    EXPECT_EQ(sizes["PROC_STATE_HST"].rowsSource, sqlite ? "kept" : "estimate");
    for (const auto& [table, size] : sizes) {
        const auto rows = rowCount(table);
        if (rows > 0 || sqlite) {
            EXPECT_EQ(size.rows, rows) << table;
        } else { // an empty table: a server may have no estimate of it (PostgreSQL -1)
            EXPECT_EQ(size.rows.value_or(0), 0) << table;
        }
        EXPECT_EQ(size.history, table.ends_with("_HST")) << table;
    }
    EXPECT_EQ(sizes["PROC_STATE"].oldest, t0);
    EXPECT_EQ(sizes["PROC_STATE"].oldestBy, "RECEIVED_AT");
    EXPECT_EQ(sizes["MSG_EVENT"].oldest, t0);
    EXPECT_EQ(sizes["PROC_STATE_HST"].oldest, archivedAt);
    EXPECT_EQ(sizes["PROC_STATE_HST"].oldestBy, "ARCHIVED_AT");
    EXPECT_FALSE(sizes["MSG_EVENT_HST"].oldest) << "empty";
    EXPECT_FALSE(sizes["FLIGHT"].oldest) << "empty";
    EXPECT_EQ(sizes["FLIGHT"].oldestBy, "SODT");
    EXPECT_EQ(sizes["FLIGHT_HST"].oldestBy, "ARCHIVED_AT");
}

} // namespace

} // namespace msgx::test
