// The storage suites against the OdbcPostgres backend: the repository suite (StoreSuite) and,
// where they apply, session recovery and the mailbox adapters.
#include "MailboxSuite.h"
#include "SessionRecovery.h"
#include "StoreSuite.h"

namespace msgx::test {

INSTANTIATE_TEST_SUITE_P(OdbcPostgres, StoreSuite, ::testing::Values(StoreBackend::OdbcPostgres));
INSTANTIATE_TEST_SUITE_P(OdbcPostgres, SessionRecovery, ::testing::Values(StoreBackend::OdbcPostgres));
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MailboxSuite); // the mailbox is MySQL
} // namespace msgx::test
