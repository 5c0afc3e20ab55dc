#include "FlightHistorySuite.h"
#include "PumpSuite.h"

namespace msgx::test {
INSTANTIATE_TEST_SUITE_P(Sqlite, PumpSuite, ::testing::Values(StoreBackend::Sqlite));
INSTANTIATE_TEST_SUITE_P(Sqlite, OverlappedCommits, ::testing::Values(StoreBackend::Sqlite));
INSTANTIATE_TEST_SUITE_P(Sqlite, FlightHistory, ::testing::Values(StoreBackend::Sqlite));
} // namespace msgx::test
