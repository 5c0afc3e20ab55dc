#pragma once

#include "msgx/sdk/Decision.h"
#include "msgx/sdk/Value.h"

#include <map>
#include <string>
#include <string_view>

namespace msgx::sdk {

// The stand->airbridge view built from the stored ABDG class (reference.md §3.1): every ABDG record
// lists in STND the stands it serves; inverted per stand. Hosts build it once per reference state
// and answer ReferenceView::airbridgesServing from it.
class StandAirbridgeMap {
public:
    // `abdgRecords`: the ABDG class by ABCD. A record's airbridge code is its ABCD field (its key when
    // the field is missing); its stands are the STND list (or a single STND text). Empty codes are
    // dropped.
    explicit StandAirbridgeMap(const std::map<std::string, ReferenceItem>& abdgRecords);

    // The airbridges serving `stand`, sorted and without duplicates; [] when none does.
    [[nodiscard]] StringList airbridgesServing(std::string_view stand) const;

private:
    std::map<std::string, StringList, std::less<>> byStand_;
};

} // namespace msgx::sdk
