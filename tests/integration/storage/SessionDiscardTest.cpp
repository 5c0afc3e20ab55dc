// The session pool never lets a discarded ODBC session whose rollback failed be closed into a
// commit. Poco 1.11's ODBC session, when destroyed, rolls back once more if it thinks a transaction
// is open and then closes, and its close calls commit() (ODBC::SessionImpl::~SessionImpl, close):
// when every ROLLBACK fails and the COMMIT goes through, the work of a unit whose caller was told
// it failed is committed. The test makes the driver's ROLLBACK of the failing unit's connection
// fail (RefusedRollbacks.h).
#include "CapturedLog.h"
#include "RefusedRollbacks.h"
#include "TestDatabase.h"
#include "msgx/storage/InfraError.h"
#include "session/SessionPool.h"

#include <Poco/Data/Session.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>

namespace msgx::test {
namespace {

using namespace Poco::Data::Keywords;
using namespace std::chrono_literals;
using storage::SessionPool;
using storage::Transaction;

Poco::Int64 count(SessionPool& pool) {
    return pool.transact("count", [](Transaction& tx) {
        Poco::Int64 n = -1;
        tx.session() << "SELECT COUNT(*) FROM T", into(n), now;
        return n;
    });
}

class SessionDiscard : public ::testing::TestWithParam<StoreBackend> {};

TEST_P(SessionDiscard, ASessionWhoseRollbackFailedIsNeverClosedIntoACommit) {
    TestDatabase database(GetParam());
    auto settings = database.settings();
    settings.poolSize = 2;
    settings.operationTimeout = 20s;
    SessionPool pool(settings);
    pool.transact("create", [](Transaction& tx) { tx.session() << "CREATE TABLE T (ID INTEGER)", now; });

    const CapturedLog log("%l %v");
    EXPECT_THROW(pool.transact("write, then fail where no rollback works",
                               [](Transaction& tx) {
                                   tx.session() << "INSERT INTO T (ID) VALUES (1)", now;
                                   refuseRollbacksOf(tx.session());
                                   throw std::runtime_error("the unit of work fails");
                               }),
                 std::runtime_error);
    allowRollbacks();
    EXPECT_GE(refusedRollbacks(), 2);
    EXPECT_EQ(log.linesWith("ended from another connection before closing the discarded session").size(), 1U);

    // The failed unit's INSERT must not have been committed by closing its session.
    EXPECT_EQ(count(pool), 0);
    EXPECT_NO_THROW(pool.transact(
        "write after", [](Transaction& tx) { tx.session() << "INSERT INTO T (ID) VALUES (2)", now; }));
    EXPECT_EQ(count(pool), 1);
}

std::string odbcCaseName(const ::testing::TestParamInfo<StoreBackend>& param) {
    return param.param == StoreBackend::OdbcMySql ? "odbc_mysql" : "odbc_pg";
}

INSTANTIATE_TEST_SUITE_P(Odbc, SessionDiscard,
                         ::testing::Values(StoreBackend::OdbcMySql, StoreBackend::OdbcPostgres),
                         odbcCaseName);

} // namespace
} // namespace msgx::test
