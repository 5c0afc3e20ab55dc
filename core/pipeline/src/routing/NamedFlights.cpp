#include "msgx/pipeline/routing/NamedFlights.h"

#include "msgx/codec/NumberFields.h"

namespace msgx::pipeline {

std::vector<sdk::Flid> flightIdsNamedIn(const codec::Message& message) {
    std::vector<sdk::Flid> flids;
    const auto take = [&flids](const codec::Element& element) {
        for (const char* name : {"FLID", "MAID", "TAID"}) {
            if (const auto text = element.childText(name)) {
                if (const auto id = codec::parseLong(*text); id.hasValue()) {
                    flids.push_back(id.value());
                }
            }
        }
    };
    for (const auto& section : message.root().children()) {
        take(section);
        for (const auto& record : section.children()) {
            take(record);
        }
    }
    return flids;
}

} // namespace msgx::pipeline
