// FLOP-TAOP: the turnaround link (flop.md TAOP, own rule on `linkedAirline`, `linkedFlightNumber`,
// `linkedFlid` from TAOP code(3), TAFL code(12), TAID int64), the three decided together:
// all three absent -> no change; any of them empty -> unlink (all three cleared); some but not all
// present, none empty -> Reject (an incomplete link); all three with values -> set. A value that
// does not fit its type (a TAID that is not a number, a code too long) -> CODEC_ERROR, before any of
// the above. The partner flight is not touched and the linked FLID is not looked up (flop.md TAOP
// rule 5); a master's shared flights get the same link (architecture.md §11, every FLOP edit).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr GroupField kLinkFields[] = {
    {{"TAOP", "linkedAirline", FieldType::Text, 3}, WhenMissing::Keep, WhenMissing::ClearAll},
    {{"TAFL", "linkedFlightNumber", FieldType::Text, 12}, WhenMissing::Keep, WhenMissing::ClearAll},
    {{"TAID", "linkedFlid", FieldType::Long}, WhenMissing::Keep, WhenMissing::ClearAll},
};
constexpr AttributeGroup kTurnaroundLink{.element = "", .fields = kLinkFields, .allOrNone = true};

} // namespace

MSGX_HANDLER_PLUGIN(AttributeGroupHandler<kTurnaroundLink>, "flop-taop", "1.0.0", "FLOP-TAOP")
