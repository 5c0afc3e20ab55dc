// StoreFault against a private PostgreSQL, natively and through psqlODBC.
#include "StoreFaultTest.h"

// Poco 1.11's PostgreSQL SessionHandle never frees the PGconn of a connection the server dropped
// (docs/storage.md); not this test's subject.
extern "C" const char* __lsan_default_suppressions() { // NOLINT(bugprone-reserved-identifier)
    return "leak:Poco::Data::PostgreSQL::SessionHandle::connect\n";
}

namespace msgx::test {
INSTANTIATE_TEST_SUITE_P(Postgres, StoreFault,
                         ::testing::Values(FaultCase{StoreBackend::Postgres, Fault::Freeze},
                                           FaultCase{StoreBackend::Postgres, Fault::Kill},
                                           FaultCase{StoreBackend::OdbcPostgres, Fault::Freeze}),
                         caseName);
// PostgreSQL's in-doubt COMMIT is SessionPool.ACommitSentButNotAnsweredInTimeIsReportedInDoubt
// (a slow COMMIT on the shared server, 2 s instead of a private server frozen for 9 s).
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(StoreCommitInDoubt);
// The retry until a frozen server answers is the same code on both servers: MariaDB's case covers it.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(StoreDiscardWhileFrozen);
} // namespace msgx::test
