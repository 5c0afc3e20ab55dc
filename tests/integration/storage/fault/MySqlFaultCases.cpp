// StoreFault against a private MariaDB, natively and through MariaDB Connector/ODBC.
#include "StoreFaultTest.h"

namespace msgx::test {
INSTANTIATE_TEST_SUITE_P(MySql, StoreFault,
                         ::testing::Values(FaultCase{StoreBackend::MySql, Fault::Freeze},
                                           FaultCase{StoreBackend::MySql, Fault::Kill},
                                           FaultCase{StoreBackend::OdbcMySql, Fault::Freeze}),
                         caseName);
INSTANTIATE_TEST_SUITE_P(MySql, StoreCommitInDoubt,
                         ::testing::Values(StoreBackend::MySql, StoreBackend::OdbcMySql), backendCaseName);
INSTANTIATE_TEST_SUITE_P(MySql, StoreDiscardWhileFrozen, ::testing::Values(StoreBackend::OdbcMySql),
                         backendCaseName);
} // namespace msgx::test
