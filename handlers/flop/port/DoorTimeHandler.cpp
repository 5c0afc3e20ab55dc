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
#include <string_view>
#include <vector>

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kDoorId{"POID", "", FieldType::Char};
constexpr std::string_view kDoorIds[] = {"O", "C"};
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
    const FieldRead doorTime = readField(group, kDoorOpenTime, context.businessZone);
    if (doorTime.state == FieldState::Invalid) {
        return *problemOf(doorTime, kDoorOpenTime);
    }
    const Checked<std::string> door = readOneOf(group, kDoorId, kDoorIds, context.businessZone);
    if (!door.ok()) {
        return door.problem();
    }
    return clearableRule(group, door.value() == "O" ? kDoorOpenTime : kDoorCloseTime, context);
}

} // namespace

MSGX_HANDLER_PLUGIN(FlopRecordHandler<doorTimeRule>, "flop-port", "1.0.0", "FLOP-PORT")
