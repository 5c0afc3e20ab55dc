// A session the server throws away in the middle of a transaction is discarded by the pool: the
// caller gets an InfraError, nothing of the transaction stays, and the next unit of work runs on a
// freshly opened session (Poco's reconnect() is never relied on).
#include "SessionRecovery.h"

#include "msgx/storage/InfraError.h"
#include "session/SessionPool.h"

#include <Poco/Data/Statement.h>

#include <gtest/gtest.h>

namespace msgx::test {
namespace {

using namespace Poco::Data::Keywords;

// Makes the server end this very session: the next statement on it fails.
void killOwnSession(storage::Transaction& tx, const storage::DatabaseSettings& settings) {
    if (settings.dialect == storage::SqlDialect::PostgreSql) {
        tx.session() << "SELECT pg_terminate_backend(pg_backend_pid())", now;
        return;
    }
    Poco::Int64 id = 0;
    tx.session() << "SELECT CONNECTION_ID()", into(id), now;
    tx.session() << "KILL " + std::to_string(id), now;
}

std::string sessionId(storage::Transaction& tx, const storage::DatabaseSettings& settings) {
    std::string id;
    tx.session() << (settings.dialect == storage::SqlDialect::PostgreSql
                         ? "SELECT CAST(pg_backend_pid() AS TEXT)"
                         : "SELECT CAST(CONNECTION_ID() AS CHAR)"),
        into(id), now;
    return id;
}

} // namespace

TEST_P(SessionRecovery, ASessionKilledMidTransactionIsReplacedAndLeavesNothing) {
    TestDatabase database(GetParam());
    auto settings = database.settings();
    settings.poolSize = 1; // the next unit of work would get the same session if it were reused
    storage::SessionPool pool(settings);
    pool.transact("create table", [](storage::Transaction& tx) {
        tx.session() << "CREATE TABLE RECOVERY_PROBE (ID INTEGER NOT NULL)", now;
    });
    const std::string before =
        pool.transact("session id", [settings](storage::Transaction& tx) { return sessionId(tx, settings); });

    try {
        pool.transact("write, then lose the session", [settings](storage::Transaction& tx) {
            tx.session() << "INSERT INTO RECOVERY_PROBE (ID) VALUES (1)", now;
            killOwnSession(tx, settings);
            tx.session() << "INSERT INTO RECOVERY_PROBE (ID) VALUES (2)", now;
        });
        FAIL() << "the transaction on a killed session must fail";
    } catch (const storage::InfraError& e) {
        EXPECT_EQ(e.operation(), "write, then lose the session");
    }

    const std::string after =
        pool.transact("session id", [settings](storage::Transaction& tx) { return sessionId(tx, settings); });
    EXPECT_NE(after, before);
    const auto rows = pool.transact("count", [](storage::Transaction& tx) {
        Poco::Int64 count = -1;
        tx.session() << "SELECT COUNT(*) FROM RECOVERY_PROBE", into(count), now;
        return count;
    });
    EXPECT_EQ(rows, 0);
}

} // namespace msgx::test
