// FLOP-PSDT: the stand allocation list (flop.md PSDT, pattern L on `stands`, key PSNO) and the
// airbridges of the allocated stands (architecture.md §11, "PSDT airbridges"):
//  - the PSDT groups replace the list; at least one is required;
//  - an entry with the same seq and standCode as a stored one keeps its pushIndicator, pushTime and
//    tractorTime (PSDT resend rule), so an identical resend changes nothing;
//  - every entry gets `abdg`, the airbridges serving its stand ([] for a remote stand);
//  - the flight's `abdg` is the arrival stand's (lowest PSNO) for an arrival and the departure
//    stand's (highest PSNO) for a departure; a flight without movement keeps its `abdg`;
//  - while no ABDG class is stored the message fails FAILED(INFRA) "stand-airbridge map not
//    loaded" and is retried, never written with a guessed value.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

// The `abdg` of the stand entry that is the flight's own stand: the first for an arrival, the last
// for a departure (entries are sorted by seq); std::nullopt when the movement is neither.
std::optional<Value> flightAirbridges(const FlightDocument& flight, const DetailList& stands) {
    const std::optional<std::string> movement = flight.text(attr::kMovement);
    const ListEntry* own = nullptr;
    if (movement == "A") {
        own = &stands.front();
    } else if (movement == "D") {
        own = &stands.back();
    } else {
        return std::nullopt;
    }
    const Value* airbridges = findField(*own, "abdg");
    return airbridges != nullptr ? *airbridges : Value(StringList{});
}

Checked<FlightEdit> standAllocationRule(const Element& record, const HandlerContext& context) {
    Checked<DetailList> read = readList(record, lists::kStands.spec, context.businessZone);
    if (!read.ok()) {
        return read.problem();
    }
    DetailList stands = std::move(read.value());
    if (stands.empty()) {
        return Problem::reject("PSDT cannot be empty");
    }
    for (ListEntry& stand : stands) {
        const auto airbridges =
            context.references.airbridgesServing(std::get<std::string>(stand.at("standCode")));
        if (!airbridges) {
            return Problem::infra("stand-airbridge map not loaded");
        }
        stand.insert_or_assign("abdg", *airbridges);
    }
    return FlightEdit([stands = std::move(stands)](FlightDocument& flight) {
        DetailList next = keepFieldsOfUnchangedEntries(flight.list("stands"), stands, lists::kSameStand,
                                                       lists::kFlopOnlyStandFields);
        if (auto airbridges = flightAirbridges(flight, next)) {
            flight.set("abdg", std::move(*airbridges));
        }
        flight.setList("stands", std::move(next));
    });
}

} // namespace

MSGX_HANDLER_PLUGIN(FlopRecordHandler<standAllocationRule>, "flop-psdt", "1.0.0", "FLOP-PSDT")
