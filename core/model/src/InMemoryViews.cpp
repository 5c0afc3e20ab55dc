#include "msgx/model/InMemoryViews.h"

namespace msgx::model {

InMemoryFlightView::InMemoryFlightView(std::vector<sdk::FlightDocument> flights) {
    for (auto& flight : flights) {
        const sdk::Flid flid = flight.flid();
        flights_.insert_or_assign(flid, std::move(flight));
    }
}

const sdk::FlightDocument* InMemoryFlightView::byFlid(sdk::Flid flid) const {
    const auto found = flights_.find(flid);
    return found == flights_.end() ? nullptr : &found->second;
}

std::vector<const sdk::FlightDocument*> InMemoryFlightView::sharedFlightsOf(sdk::Flid master) const {
    std::vector<const sdk::FlightDocument*> shared;
    for (const auto& [flid, flight] : flights_) {
        if (flid != master && flight.masterFlid() == master) {
            shared.push_back(&flight);
        }
    }
    return shared;
}

std::vector<const sdk::FlightDocument*> InMemoryFlightView::linkingTo(sdk::Flid target) const {
    std::vector<const sdk::FlightDocument*> linking;
    for (const auto& [flid, flight] : flights_) {
        if (flid != target && flight.integer(sdk::attr::kLinkedFlid) == target) {
            linking.push_back(&flight);
        }
    }
    return linking;
}

InMemoryReferenceView::InMemoryReferenceView(ReferenceClasses classes) : classes_(std::move(classes)) {
    buildStandAirbridges();
}

void InMemoryReferenceView::buildStandAirbridges() {
    standAirbridges_.reset();
    if (const auto abdg = classes_.find("ABDG"); abdg != classes_.end() && !abdg->second.empty()) {
        standAirbridges_.emplace(abdg->second);
    }
}

const std::map<std::string, sdk::ReferenceItem>&
InMemoryReferenceView::recordsOf(std::string_view rtype) const {
    static const std::map<std::string, sdk::ReferenceItem> none;
    const auto type = classes_.find(rtype);
    return type == classes_.end() ? none : type->second;
}

void InMemoryReferenceView::replaceClass(const std::string& rtype,
                                         std::map<std::string, sdk::ReferenceItem> records) {
    if (records.empty()) {
        classes_.erase(rtype);
    } else {
        classes_.insert_or_assign(rtype, std::move(records));
    }
    if (rtype == "ABDG") {
        buildStandAirbridges();
    }
}

const sdk::ReferenceItem* InMemoryReferenceView::find(std::string_view rtype, std::string_view rkey) const {
    const auto type = classes_.find(rtype);
    if (type == classes_.end()) {
        return nullptr;
    }
    const auto record = type->second.find(std::string(rkey));
    return record == type->second.end() ? nullptr : &record->second;
}

std::size_t InMemoryReferenceView::classSize(std::string_view rtype) const {
    const auto type = classes_.find(rtype);
    return type == classes_.end() ? 0 : type->second.size();
}

std::optional<sdk::StringList> InMemoryReferenceView::airbridgesServing(std::string_view stand) const {
    if (!standAirbridges_) {
        return std::nullopt;
    }
    return standAirbridges_->airbridgesServing(stand);
}

} // namespace msgx::model
