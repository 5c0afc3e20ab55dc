#include "msgx/sdk/StandAirbridgeMap.h"

#include <algorithm>

namespace msgx::sdk {

namespace {

StringList standsOf(const ReferenceItem& record) {
    const Value* stands = findField(record, "STND");
    if (stands == nullptr) {
        return {};
    }
    if (const auto* list = std::get_if<StringList>(stands)) {
        return *list;
    }
    if (const auto* single = std::get_if<std::string>(stands)) {
        return {*single};
    }
    return {};
}

} // namespace

StandAirbridgeMap::StandAirbridgeMap(const std::map<std::string, ReferenceItem>& abdgRecords) {
    for (const auto& [key, record] : abdgRecords) {
        std::string airbridge = key;
        if (const Value* code = findField(record, "ABCD"); code != nullptr) {
            if (const auto* text = std::get_if<std::string>(code); text != nullptr && !text->empty()) {
                airbridge = *text;
            }
        }
        if (airbridge.empty()) {
            continue;
        }
        for (const std::string& stand : standsOf(record)) {
            if (!stand.empty()) {
                byStand_[stand].push_back(airbridge);
            }
        }
    }
    for (auto& [stand, airbridges] : byStand_) {
        std::sort(airbridges.begin(), airbridges.end());
        airbridges.erase(std::unique(airbridges.begin(), airbridges.end()), airbridges.end());
    }
}

StringList StandAirbridgeMap::airbridgesServing(std::string_view stand) const {
    const auto found = byStand_.find(stand);
    return found == byStand_.end() ? StringList{} : found->second;
}

} // namespace msgx::sdk
