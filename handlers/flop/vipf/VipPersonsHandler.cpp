// FLOP-VIPF: the VIP persons of a flight (flop.md VIPF, merge into `vips` matched by VPCD, add and
// update only; entry key VPCD + VSCD, flight-model.md §4.11):
//  - a group whose VPCD is absent or empty is skipped (its VFES must still parse: a value that does
//    not fit its type is a codec error, flop.md §2.3); no VIPF group at all -> Reject; an
//    over-long VPCD or a VFES outside int16 -> CodecError;
//  - a VPCD not on the flight adds an entry with its entourage size and no service;
//  - a VPCD on the flight: a VFES sets the entourage size of every entry of that VIP, an empty one
//    clears it, an absent one leaves it;
//  - VIPT children are not read (only the schedule stores VIP services); VIPs are never removed;
//  - two groups for one VPCD apply in order (the later size wins);
//  - a new VIP puts the list in key order (vipCode, serviceCode); an update keeps the stored order;
//  - the event carries the whole resulting list (legacy sent none, architecture.md §11).
#include "msgx/sdk/Sdk.h"

#include <algorithm>

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kVipCode{"VPCD", "vipCode", FieldType::Text, 10};
constexpr FieldSpec kEntourage{"VFES", "entourageSize", FieldType::Short};

struct VipMention {
    std::string code;
    FieldRead entourage;
};

Checked<FlightEdit> vipPersonsRule(const Element& record, const HandlerContext& context) {
    const std::vector<const Element*> groups = record.children("VIPF");
    if (groups.empty()) {
        return Problem::reject("no VIPF group");
    }
    std::vector<VipMention> mentions;
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const std::string name = describeGroup(*groups[i], "VPCD", i + 1) + ": ";
        const FieldRead code = readField(*groups[i], kVipCode, context.businessZone);
        const FieldRead entourage = readField(*groups[i], kEntourage, context.businessZone);
        if (auto problem = problemOf(code, kVipCode)) {
            return problem->within(name);
        }
        if (auto problem = problemOf(entourage, kEntourage)) {
            return problem->within(name);
        }
        if (code.hasValue()) {
            mentions.push_back({std::get<std::string>(code.value), entourage});
        }
    }
    return FlightEdit([mentions = std::move(mentions)](FlightDocument& flight) {
        DetailList vips = flight.list(lists::kVips);
        bool added = false;
        for (const VipMention& mention : mentions) {
            const Value code(mention.code);
            bool known = false;
            for (ListEntry& entry : vips) {
                const Value* own = findField(entry, "vipCode");
                if (own == nullptr || *own != code) {
                    continue;
                }
                known = true;
                if (mention.entourage.hasValue()) {
                    entry.insert_or_assign("entourageSize", mention.entourage.value);
                } else if (mention.entourage.state == FieldState::Empty) {
                    entry.erase("entourageSize");
                }
            }
            if (!known) {
                ListEntry entry{{"vipCode", code}};
                if (mention.entourage.hasValue()) {
                    entry.emplace("entourageSize", mention.entourage.value);
                }
                vips.push_back(std::move(entry));
                added = true;
            }
        }
        // Only a new VIP puts the list in key order: an update leaves the stored order as it is, so
        // that a stored list in another order is not a change by itself.
        if (added) {
            sortByKeys(vips, lists::kVipKey);
        }
        flight.setList(lists::kVips, std::move(vips));
    });
}

} // namespace

MSGX_HANDLER_PLUGIN(FlopRecordHandler<vipPersonsRule>, "flop-vipf", "1.0.0", "FLOP-VIPF")
