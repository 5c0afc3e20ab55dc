#pragma once

#include "msgx/sdk/FlightBatch.h"
#include "msgx/sdk/FlightDocument.h"

namespace msgx::sdk {

// Deletes flight `flid` with the cascade of flop.md FDEL (architecture.md §11), the one deletion
// FLOP FDEL and SCHD DEL share; nothing when the flight is not current in `batch`:
//  - the flight goes with all its lists;
//  - every shared (code-share) flight whose masterFlid is a deleted flight is deleted the same way,
//    so a master is never gone while a shared flight of it remains;
//  - every flight whose linkedFlid is a deleted flight (its turnaround partner) gets linkedAirline,
//    linkedFlightNumber and linkedFlid cleared;
//  - when a deleted flight was a shared flight whose master remains, the master's
//    codeShareFlightList is recomputed from the shared flights left (null when none is).
// Everything happens in `batch`, so the Decision built from it applies the whole cascade in one
// transaction, with one change and one event per affected flight.
void deleteWithCascade(FlightBatch& batch, Flid flid);

} // namespace msgx::sdk
