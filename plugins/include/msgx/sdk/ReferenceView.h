#pragma once

#include "msgx/sdk/Decision.h"
#include "msgx/sdk/Value.h"

#include <cstddef>
#include <optional>
#include <string_view>

namespace msgx::sdk {

// Read-only reference data (REF_MASTER by RTYPE and RKEY, architecture.md §3, §7) and the views
// derived from it. The host answers from the store (the pump) or from refs.json (golden runner).
class ReferenceView {
public:
    virtual ~ReferenceView() = default;

    // The record (rtype, rkey), nullptr when there is none. Valid until decide() returns.
    [[nodiscard]] virtual const ReferenceItem* find(std::string_view rtype, std::string_view rkey) const = 0;
    // The number of records stored for class `rtype` (0: the class is not loaded).
    [[nodiscard]] virtual std::size_t classSize(std::string_view rtype) const = 0;
    // The stand->airbridge view (reference.md §3.1): the airbridge codes (ABDG ABCD) whose STND names
    // `stand`, sorted; [] for a stand no airbridge serves (remote stand, or a stand unknown to SLST).
    // std::nullopt while no ABDG record is stored: the map is not loaded and no answer is possible.
    [[nodiscard]] virtual std::optional<StringList> airbridgesServing(std::string_view stand) const = 0;
};

} // namespace msgx::sdk
