// The storage suites against the Sqlite backend: the repository suite (StoreSuite) and,
// where they apply, session recovery and the mailbox adapters.
#include "MailboxSuite.h"
#include "SessionRecovery.h"
#include "StoreSuite.h"

namespace msgx::test {

INSTANTIATE_TEST_SUITE_P(Sqlite, StoreSuite, ::testing::Values(StoreBackend::Sqlite));
INSTANTIATE_TEST_SUITE_P(Sqlite, MailboxSuite, ::testing::Values(MailboxBackend::Sqlite));
// No server to kill a session on; the pool's discard path is covered by SessionPoolTest.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SessionRecovery);
} // namespace msgx::test
