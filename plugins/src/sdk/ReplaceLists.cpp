#include "msgx/sdk/ReplaceLists.h"

#include "msgx/sdk/ListRules.h"

#include <algorithm>
#include <string>

namespace msgx::sdk {

Checked<FlightEdit> replaceListRule(const codec::Element& record, const HandlerContext& context,
                                    const lists::NamedListSpec& list) {
    Checked<DetailList> read = readList(record, list.spec, context.businessZone);
    if (!read.ok()) {
        return read.problem();
    }
    if (read.value().empty()) {
        return Problem::reject(std::string(list.spec.group) + " cannot be empty");
    }
    return FlightEdit(
        [name = std::string(list.name), entries = std::move(read.value())](FlightDocument& flight) {
            // The same set of entries in another stored order is no change either (flop.md §2.6 L.3).
            const DetailList& stored = flight.list(name);
            if (stored.size() == entries.size() &&
                std::is_permutation(entries.begin(), entries.end(), stored.begin(), stored.end())) {
                return;
            }
            flight.setList(name, entries);
        });
}

} // namespace msgx::sdk
