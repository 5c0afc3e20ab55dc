// The session pool: a unit of work that outlives the operation timeout ends in a timeout for the
// caller and never commits (PostgreSQL, where work runs on a worker thread); a failed unit of work
// discards its session (SQLite, where work runs on the caller's thread).
#include "session/SessionPool.h"

#include "CapturedLog.h"
#include "TempDir.h"
#include "TestDatabase.h"
#include "msgx/storage/InfraError.h"

#include <Poco/Data/Session.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <thread>
#include <unistd.h>

namespace msgx::test {
namespace {

using namespace Poco::Data::Keywords;
using namespace std::chrono_literals;
using storage::InfraError;
using storage::SessionPool;
using storage::Transaction;

storage::DatabaseSettings sqlite(const TempDir& dir, int poolSize,
                                 std::chrono::milliseconds operationTimeout) {
    storage::DatabaseSettings settings;
    settings.backend = storage::DatabaseBackend::Sqlite;
    settings.dialect = storage::SqlDialect::Sqlite;
    settings.connect = (dir.path() / "pool.db").string();
    settings.poolSize = poolSize;
    settings.operationTimeout = operationTimeout;
    return settings;
}

Poco::Int64 count(SessionPool& pool, const std::string& table) {
    return pool.transact("count", [table](Transaction& tx) {
        Poco::Int64 n = -1;
        tx.session() << "SELECT COUNT(*) FROM " + table, into(n), now;
        return n;
    });
}

// Waits (bounded, real time) until abandoned sessions have ended.
bool waitForOpenConnections(SessionPool& pool, int n) {
    for (int i = 0; i < 100 && pool.openConnections() > n; ++i) {
        std::this_thread::sleep_for(50ms);
    }
    return pool.openConnections() <= n;
}

storage::DatabaseSettings postgres(const TestDatabase& database, int poolSize,
                                   std::chrono::milliseconds operationTimeout) {
    auto settings = database.settings();
    settings.poolSize = poolSize;
    settings.operationTimeout = operationTimeout;
    return settings;
}

TEST(SessionPool, WorkThatOutlivesTheOperationTimeoutTimesOutForTheCallerAndNeverCommits) {
    TestDatabase database(StoreBackend::Postgres);
    SessionPool pool(postgres(database, 2, 400ms));
    pool.transact("create", [](Transaction& tx) { tx.session() << "CREATE TABLE T (ID INTEGER)", now; });

    const auto started = std::chrono::steady_clock::now();
    try {
        // Stands in for a server that stops answering after the first statement.
        pool.transact("slow write", [](Transaction& tx) {
            tx.session() << "INSERT INTO T (ID) VALUES (1)", now;
            tx.session() << "SELECT pg_sleep(1.5)", now;
        });
        FAIL() << "the caller must not wait for the slow unit of work";
    } catch (const InfraError& e) {
        EXPECT_EQ(e.reason(), InfraError::Reason::Timeout);
        EXPECT_FALSE(e.inDoubt()); // COMMIT was never sent
        EXPECT_THAT(e.what(), testing::HasSubstr("slow write"));
    }
    EXPECT_LT(std::chrono::steady_clock::now() - started, 1200ms);

    // The abandoned session counts against the pool until its work returned; then it is gone, its
    // transaction rolled back rather than committed.
    EXPECT_EQ(pool.openConnections(), 1);
    ASSERT_TRUE(waitForOpenConnections(pool, 0));
    EXPECT_EQ(count(pool, "T"), 0);
}

// A COMMIT that was sent and not answered within the operation timeout may still commit: the caller
// is told that the outcome is unknown, never that the transaction will not commit. A deferred
// constraint trigger makes the server's COMMIT wait for an advisory lock that another session holds
// until the caller has its answer.
TEST(SessionPool, ACommitSentButNotAnsweredInTimeIsReportedInDoubt) {
    TestDatabase database(StoreBackend::Postgres);
    const std::string lock = std::to_string(4600000 + ::getpid()); // advisory locks span the database
    SessionPool holder(postgres(database, 1, 5s));                 // one session: it keeps the lock
    holder.transact(
        "hold", [lock](Transaction& tx) { tx.session() << "SELECT pg_advisory_lock(" + lock + ")", now; });
    SessionPool pool(postgres(database, 2, 1s));
    pool.transact("create", [lock](Transaction& tx) {
        tx.session() << "CREATE TABLE T (ID INTEGER)", now;
        tx.session() << "CREATE FUNCTION HELD_COMMIT() RETURNS trigger LANGUAGE plpgsql AS "
                        "'BEGIN PERFORM pg_advisory_xact_lock(" +
                            lock + "); RETURN NULL; END'",
            now;
        tx.session()
            << "CREATE CONSTRAINT TRIGGER HELD_COMMIT AFTER INSERT ON T DEFERRABLE INITIALLY DEFERRED "
               "FOR EACH ROW EXECUTE FUNCTION HELD_COMMIT()",
            now;
    });

    try {
        pool.transact("write with a held commit",
                      [](Transaction& tx) { tx.session() << "INSERT INTO T (ID) VALUES (1)", now; });
        FAIL() << "the caller must not wait for the held COMMIT";
    } catch (const InfraError& e) {
        EXPECT_EQ(e.reason(), InfraError::Reason::Timeout);
        EXPECT_TRUE(e.inDoubt());
        EXPECT_THAT(e.what(),
                    testing::HasSubstr("write with a held commit failed (timeout, outcome unknown)"));
        EXPECT_THAT(e.what(), testing::Not(testing::HasSubstr("will not commit")));
    }

    // The COMMIT takes effect once the server goes on: "unknown" was the truth.
    holder.transact("release", [lock](Transaction& tx) {
        tx.session() << "SELECT pg_advisory_unlock(" + lock + ")", now;
    });
    ASSERT_TRUE(waitForOpenConnections(pool, 0));
    EXPECT_EQ(count(pool, "T"), 1);
}

TEST(SessionPool, AllSessionsStuckMeansATimeoutNotAHang) {
    TestDatabase database(StoreBackend::Postgres);
    SessionPool pool(postgres(database, 1, 300ms));
    EXPECT_THROW(pool.transact("stuck", [](Transaction& tx) { tx.session() << "SELECT pg_sleep(1)", now; }),
                 InfraError);
    const auto started = std::chrono::steady_clock::now();
    try {
        pool.transact("next", [](Transaction&) {});
        FAIL() << "no session is free";
    } catch (const InfraError& e) {
        EXPECT_EQ(e.reason(), InfraError::Reason::Timeout);
        EXPECT_THAT(e.cause(), testing::HasSubstr("no free session"));
    }
    EXPECT_LT(std::chrono::steady_clock::now() - started, 900ms);
    ASSERT_TRUE(waitForOpenConnections(pool, 0));
    EXPECT_NO_THROW(pool.transact("after", [](Transaction&) {}));
}

TEST(SessionPool, AFailedUnitOfWorkDiscardsItsSessionAndRollbackOnlyKeepsIt) {
    TempDir dir;
    SessionPool pool(sqlite(dir, 1, 5s));
    // A TEMP table lives as long as its session: whether it is still there tells whether the next
    // unit of work got the same session.
    const auto sameSession = [&pool] {
        return pool.transact("look", [](Transaction& tx) {
            Poco::Int64 n = 0;
            tx.session() << "SELECT COUNT(*) FROM sqlite_temp_master WHERE name = 'MARKER'", into(n), now;
            return n == 1;
        });
    };
    pool.transact("mark",
                  [](Transaction& tx) { tx.session() << "CREATE TEMP TABLE MARKER (X INTEGER)", now; });
    EXPECT_TRUE(sameSession());

    pool.transact("give up", [](Transaction& tx) {
        tx.session() << "INSERT INTO MARKER (X) VALUES (1)", now;
        tx.rollbackOnly();
    });
    EXPECT_TRUE(sameSession());

    EXPECT_THROW(
        pool.transact("fail", [](Transaction& tx) { tx.session() << "SELECT * FROM NO_SUCH_TABLE", now; }),
        InfraError);
    EXPECT_FALSE(sameSession());

    EXPECT_THROW(
        pool.transact("throw", [](Transaction&) { throw std::runtime_error("not a database error"); }),
        std::runtime_error);
}

// Poco's ODBC connector commits on close, so a discarded session's rollback must not fail
// silently: it is tried once more and each failure is logged with the operation. Here the rollback
// fails for sure (the body already ended the transaction itself).
TEST(SessionPool, AFailedRollbackOfADiscardedSessionIsTriedOnceMoreAndLogged) {
    TempDir dir;
    SessionPool pool(sqlite(dir, 1, 5s));
    const CapturedLog log("%l %v");
    EXPECT_THROW(pool.transact("end it early",
                               [](Transaction& tx) {
                                   tx.session() << "COMMIT", now;
                                   throw std::runtime_error("then fail");
                               }),
                 std::runtime_error);
    const auto retried = log.linesWith("end it early: rollback of the discarded session failed (");
    ASSERT_EQ(retried.size(), 1U);
    EXPECT_THAT(retried[0], testing::StartsWith("warning "));
    EXPECT_THAT(retried[0], testing::HasSubstr("trying once more"));
    const auto gaveUp = log.linesWith("end it early: rollback of the discarded session failed twice (");
    ASSERT_EQ(gaveUp.size(), 1U);
    EXPECT_THAT(gaveUp[0], testing::StartsWith("error "));
    EXPECT_THAT(gaveUp[0], testing::HasSubstr("no transaction is active"));
}

} // namespace
} // namespace msgx::test
