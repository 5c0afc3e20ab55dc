#include "msgx/sdk/FlightBatch.h"

#include "msgx/sdk/FlightDiff.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace msgx::sdk {

const FlightDocument* FlightBatch::current(Flid flid) const {
    if (const auto found = working_.find(flid); found != working_.end()) {
        return found->second ? &*found->second : nullptr;
    }
    return stored_.byFlid(flid);
}

void FlightBatch::touch(Flid flid) {
    if (!working_.contains(flid)) {
        const FlightDocument* stored = stored_.byFlid(flid);
        working_.emplace(flid, stored != nullptr ? std::optional(*stored) : std::nullopt);
        order_.push_back(flid);
    }
}

FlightDocument& FlightBatch::edit(Flid flid) {
    touch(flid);
    std::optional<FlightDocument>& flight = working_.at(flid);
    if (!flight) {
        throw std::logic_error("FlightBatch::edit: flight " + std::to_string(flid) + " is not current");
    }
    return *flight;
}

void FlightBatch::put(FlightDocument flight) {
    const Flid flid = flight.flid();
    touch(flid);
    working_.at(flid) = std::move(flight);
}

void FlightBatch::remove(Flid flid) {
    touch(flid);
    working_.at(flid).reset();
}

std::vector<const FlightDocument*> FlightBatch::matching(const std::vector<const FlightDocument*>& stored,
                                                         std::string_view attribute, Flid value) const {
    std::vector<const FlightDocument*> result;
    for (const FlightDocument* flight : stored) {
        if (!working_.contains(flight->flid())) {
            result.push_back(flight);
        }
    }
    for (const auto& [flid, flight] : working_) {
        if (flight && flight->integer(attribute) == value) {
            result.push_back(&*flight);
        }
    }
    std::sort(result.begin(), result.end(),
              [](const FlightDocument* a, const FlightDocument* b) { return a->flid() < b->flid(); });
    return result;
}

std::vector<const FlightDocument*> FlightBatch::sharedFlightsOf(Flid master) const {
    return matching(stored_.sharedFlightsOf(master), attr::kMasterFlid, master);
}

std::vector<const FlightDocument*> FlightBatch::linkingTo(Flid flid) const {
    return matching(stored_.linkingTo(flid), attr::kLinkedFlid, flid);
}

void FlightBatch::addChangesTo(Decision& decision, const ChangeAnnouncement& announcement) const {
    for (const Flid flid : order_) {
        const std::optional<FlightDocument>& after = working_.at(flid);
        const FlightDocument* before = stored_.byFlid(flid);
        if (!after) {
            if (before != nullptr) {
                FlightChange deletion;
                deletion.kind = FlightChange::Kind::Delete;
                deletion.flid = flid;
                decision.events.push_back(eventFor(deletion, "flight-delete"));
                decision.schdPush.push_back(flid);
                decision.flights.push_back(std::move(deletion));
            }
            continue;
        }
        std::optional<FlightChange> change =
            before == nullptr ? creationOf(*after) : diffFlight(*before, *after);
        if (!change) {
            continue;
        }
        decision.events.push_back(eventFor(*change, std::string(announcement.updateEvent)));
        if (announcement.pushSchedule) {
            decision.schdPush.push_back(flid);
        }
        decision.flights.push_back(std::move(*change));
    }
}

} // namespace msgx::sdk
