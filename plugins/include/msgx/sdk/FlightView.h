#pragma once

#include "msgx/sdk/FlightDocument.h"

#include <vector>

namespace msgx::sdk {

// Read-only lookups of the stored flights a rule needs (architecture.md §5). The host answers them
// from the own store (the pump) or from before.json (golden runner, `msgxctl decode`). Pointers are
// valid until decide() returns. A deleted flight is unknown.
class FlightView {
public:
    virtual ~FlightView() = default;

    // The flight `flid`, nullptr when it is unknown.
    [[nodiscard]] virtual const FlightDocument* byFlid(Flid flid) const = 0;
    // The shared (code-share) flights whose masterFlid is `master`, by FLID.
    [[nodiscard]] virtual std::vector<const FlightDocument*> sharedFlightsOf(Flid master) const = 0;
    // The flights whose linkedFlid (turnaround link) is `flid`, by FLID.
    [[nodiscard]] virtual std::vector<const FlightDocument*> linkingTo(Flid flid) const = 0;
};

} // namespace msgx::sdk
