#pragma once

#include "TestDatabase.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>

// Fault tests on a private server instance (PrivateServices): the server is frozen (SIGSTOP) or
// killed (pg_ctl -m immediate / SIGKILL) while a transaction is open. The caller must get an
// InfraError within the operation timeout, never hang; once the server is back (thawed, or
// restarted after the kill) a new session works and none of the transaction's rows exist.
namespace msgx::test {

enum class Fault { Freeze, Kill };

struct FaultCase {
    StoreBackend backend; // Postgres, OdbcPostgres, MySql or OdbcMySql
    Fault fault;
};

std::ostream& operator<<(std::ostream& out, const FaultCase& c);
std::string caseName(const ::testing::TestParamInfo<FaultCase>& info);

class StoreFault : public ::testing::TestWithParam<FaultCase> {};

// The server is frozen while a COMMIT is in flight: the caller gets an InfraError within the
// operation timeout that says the outcome is unknown (never "will not commit"), and once the server
// thaws the COMMIT does take effect.
class StoreCommitInDoubt : public ::testing::TestWithParam<StoreBackend> {};
std::string backendCaseName(const ::testing::TestParamInfo<StoreBackend>& info);

// An ODBC session whose rollback failed while the server is frozen is not closed (Poco's ODBC close
// commits): its server session is ended from another connection once the server answers again, and
// none of its rows is ever committed.
class StoreDiscardWhileFrozen : public ::testing::TestWithParam<StoreBackend> {};

} // namespace msgx::test
