#pragma once

#include "msgx/storage/FlightRecord.h"
#include "repository/rows/StoreContext.h"

#include <vector>

namespace msgx::storage {

// Inside a processing commit, before its flights are locked: moves the latest history group of each
// of `flids` (the writes with FlightWrite::revives) back into FLIGHT and FLIGHT_DETAIL, its members
// as they were moved (their versions too), and out of FLIGHT_HST and FLIGHT_DETAIL_HST. A FLID with
// no history row is left alone: its write then finds the flight absent and the commit is refused as
// for any changed flight. `keepCounts`: keepsHistoryCounts() of the store (HistoryCounts.h).
void reviveFromHistory(Transaction& tx, const SqlContext& ctx, const std::vector<FlightId>& flids,
                       bool keepCounts);

} // namespace msgx::storage
