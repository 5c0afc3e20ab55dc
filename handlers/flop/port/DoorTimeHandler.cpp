// FLOP-PORT: an aircraft door time (flop.md PORT, pattern T1 on `portOpenTime` or `portCloseTime`,
// the one chosen by POID inside the single PORT group).
// No PORT group, or more than one (the section allows exactly one; a message changes one time) ->
// Reject; POID absent, empty or a character other than O / C -> Reject (architecture.md §11: an
// unknown PORT id); a POID of more than one character is not a char -> CODEC_ERROR (flop.md §2.3).
// POTM empty clears the chosen time, absent changes nothing, unparseable -> CODEC_ERROR; a codec
// error wins over a reject within the group as across records. The other door time is never
// touched; a master's shared flights get the same change (architecture.md §11).
#include "msgx/sdk/Sdk.h"

#include <string>

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kDoorId{"POID", "", FieldType::Char, 0, true};
constexpr FieldSpec kDoorOpenTime{"POTM", "portOpenTime", FieldType::Time};
constexpr FieldSpec kDoorCloseTime{"POTM", "portCloseTime", FieldType::Time};

Checked<FlightEdit> doorTimeRule(const Element& record, const HandlerContext& context) {
    const std::vector<const Element*> groups = record.children("PORT");
    if (groups.empty()) {
        return Problem::reject("no PORT group");
    }
    if (groups.size() > 1) {
        return Problem::reject("more than one PORT group");
    }
    const Element& group = *groups.front();
    const FieldRead doorId = readField(group, kDoorId, context.businessZone);
    if (doorId.state == FieldState::Invalid) {
        return *problemOf(doorId, kDoorId);
    }
    const FieldRead anyTime = readField(group, kDoorOpenTime, context.businessZone);
    if (anyTime.state == FieldState::Invalid) {
        return *problemOf(anyTime, kDoorOpenTime);
    }
    if (auto problem = problemOf(doorId, kDoorId)) {
        return *problem;
    }
    const std::string& door = std::get<std::string>(doorId.value);
    if (door == "O") {
        return clearableRule(group, kDoorOpenTime, context);
    }
    if (door == "C") {
        return clearableRule(group, kDoorCloseTime, context);
    }
    return Problem::reject("POID '" + door + "' is not O (open) or C (close)");
}

class DoorTimeHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView& flights,
                    const Message& message) const override {
        return decideFlopRecords(context, flights, message, doorTimeRule);
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(DoorTimeHandler, "flop-port", "1.0.0", "FLOP-PORT")
