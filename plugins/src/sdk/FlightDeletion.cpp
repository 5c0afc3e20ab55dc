#include "msgx/sdk/FlightDeletion.h"

#include "msgx/sdk/ScheduleRecords.h"

#include <vector>

namespace msgx::sdk {

namespace {

std::vector<Flid> flidsOf(const std::vector<const FlightDocument*>& flights) {
    std::vector<Flid> flids;
    flids.reserve(flights.size());
    for (const FlightDocument* flight : flights) {
        flids.push_back(flight->flid());
    }
    return flids;
}

} // namespace

void deleteWithCascade(FlightBatch& batch, Flid flid) {
    const FlightDocument* flight = batch.current(flid);
    if (flight == nullptr) {
        return;
    }
    const std::optional<Flid> master = flight->masterFlid();
    const std::vector<Flid> shared = flidsOf(batch.sharedFlightsOf(flid));
    batch.remove(flid);

    for (const Flid sharedFlid : shared) {
        deleteWithCascade(batch, sharedFlid); // a deleted flight is no longer current: no cycle
    }
    for (const Flid partner : flidsOf(batch.linkingTo(flid))) {
        FlightDocument& linked = batch.edit(partner);
        linked.clear("linkedAirline");
        linked.clear("linkedFlightNumber");
        linked.clear(attr::kLinkedFlid);
    }
    if (master && batch.current(*master) != nullptr) {
        Value list = codeShareFlightList(*master, batch.sharedFlightsOf(*master));
        batch.edit(*master).set(attr::kCodeShareFlightList, std::move(list));
    }
}

} // namespace msgx::sdk
