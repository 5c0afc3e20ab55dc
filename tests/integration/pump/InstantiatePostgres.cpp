#include "FlightHistorySuite.h"
#include "PumpSuite.h"

namespace msgx::test {
INSTANTIATE_TEST_SUITE_P(Postgres, PumpSuite, ::testing::Values(StoreBackend::Postgres));
INSTANTIATE_TEST_SUITE_P(Postgres, OverlappedCommits, ::testing::Values(StoreBackend::Postgres));
INSTANTIATE_TEST_SUITE_P(Postgres, FlightHistory, ::testing::Values(StoreBackend::Postgres));
} // namespace msgx::test
