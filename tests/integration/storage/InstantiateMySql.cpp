// The storage suites against the MySql backend: the repository suite (StoreSuite) and,
// where they apply, session recovery and the mailbox adapters.
#include "MailboxSuite.h"
#include "SessionRecovery.h"
#include "StoreSuite.h"

namespace msgx::test {

INSTANTIATE_TEST_SUITE_P(MySql, StoreSuite, ::testing::Values(StoreBackend::MySql));
INSTANTIATE_TEST_SUITE_P(MySql, SessionRecovery, ::testing::Values(StoreBackend::MySql));
INSTANTIATE_TEST_SUITE_P(MySql, MailboxSuite, ::testing::Values(MailboxBackend::MySql));
} // namespace msgx::test
