#pragma once

#include "msgx/storage/FlightRecord.h"

#include <optional>
#include <vector>

namespace msgx::storage {

// Reads of the flight state (FLIGHT, FLIGHT_DETAIL) by typed, indexed columns; never by scanning
// the JSON attributes. Writes go through ProcessingQueue::commit.
class FlightRepository {
public:
    virtual ~FlightRepository() = default;
    // The flight, also when it is marked deleted (its version is needed to create it again).
    virtual std::optional<FlightRecord> byFlid(FlightId flid) = 0;
    // The shared (code-share) flights whose master is `master` (MAID), not deleted, by FLID.
    virtual std::vector<FlightRecord> sharedFlightsOf(FlightId master) = 0;
    // The flights whose turnaround link points at `flid` (LINK_FLID), not deleted, by FLID.
    virtual std::vector<FlightRecord> linkingTo(FlightId flid) = 0;
    // The detail lists of a flight, by list name, items in order.
    virtual std::vector<DetailList> detailLists(FlightId flid) = 0;
};

} // namespace msgx::storage
