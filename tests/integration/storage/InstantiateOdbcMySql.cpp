// The storage suites against the OdbcMySql backend: the repository suite (StoreSuite) and,
// where they apply, session recovery and the mailbox adapters.
#include "MailboxSuite.h"
#include "SessionRecovery.h"
#include "StoreSuite.h"

namespace msgx::test {

INSTANTIATE_TEST_SUITE_P(OdbcMySql, StoreSuite, ::testing::Values(StoreBackend::OdbcMySql));
INSTANTIATE_TEST_SUITE_P(OdbcMySql, SessionRecovery, ::testing::Values(StoreBackend::OdbcMySql));
INSTANTIATE_TEST_SUITE_P(OdbcMySql, MailboxSuite, ::testing::Values(MailboxBackend::OdbcMySql));
} // namespace msgx::test
