#pragma once

#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightDocument.h"

#include <optional>
#include <string>

namespace msgx::sdk {

// What changed from `before` to `after` (two states of one flight): the attributes whose value
// differs (null when cleared) and the lists whose content differs (the whole new list). std::nullopt
// when the two are equal: equal value = no change, no event (architecture.md §11).
std::optional<FlightChange> diffFlight(const FlightDocument& before, const FlightDocument& after);

// A Create change holding every attribute and list of `created`.
FlightChange creationOf(const FlightDocument& created);

// The `msg` notification of `change`: its changed attributes and lists.
MsgEvent eventFor(const FlightChange& change, std::string type);

} // namespace msgx::sdk
