#pragma once

#include "msgx/sdk/FlightView.h"
#include "msgx/sdk/ReferenceView.h"
#include "msgx/sdk/StandAirbridgeMap.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace msgx::model {

// The flights of before.json as a FlightView: what the golden runner and `msgxctl decode` hand to a
// handler instead of the store. A FLID not among them is unknown.
class InMemoryFlightView final : public sdk::FlightView {
public:
    explicit InMemoryFlightView(std::vector<sdk::FlightDocument> flights);

    [[nodiscard]] const sdk::FlightDocument* byFlid(sdk::Flid flid) const override;
    [[nodiscard]] std::vector<const sdk::FlightDocument*> sharedFlightsOf(sdk::Flid master) const override;
    [[nodiscard]] std::vector<const sdk::FlightDocument*> linkingTo(sdk::Flid flid) const override;

private:
    std::map<sdk::Flid, sdk::FlightDocument> flights_;
};

// Reference classes by RTYPE, each by RKEY (refs.json, docs/flight-document.md).
using ReferenceClasses = std::map<std::string, std::map<std::string, sdk::ReferenceItem>, std::less<>>;

// Reference data held in memory as a ReferenceView, with the stand->airbridge map built once.
class InMemoryReferenceView final : public sdk::ReferenceView {
public:
    explicit InMemoryReferenceView(ReferenceClasses classes);

    [[nodiscard]] const sdk::ReferenceItem* find(std::string_view rtype,
                                                 std::string_view rkey) const override;
    [[nodiscard]] std::size_t classSize(std::string_view rtype) const override;
    [[nodiscard]] std::optional<sdk::StringList> airbridgesServing(std::string_view stand) const override;

    // The records of class `rtype` by RKEY (empty when there are none).
    [[nodiscard]] const std::map<std::string, sdk::ReferenceItem>& recordsOf(std::string_view rtype) const;
    // Replaces class `rtype` with `records` (an empty map removes the class); the stand->airbridge
    // map is built again when `rtype` is ABDG.
    void replaceClass(const std::string& rtype, std::map<std::string, sdk::ReferenceItem> records);

private:
    void buildStandAirbridges();

    ReferenceClasses classes_;
    std::optional<sdk::StandAirbridgeMap> standAirbridges_; // set when an ABDG record is stored
};

} // namespace msgx::model
