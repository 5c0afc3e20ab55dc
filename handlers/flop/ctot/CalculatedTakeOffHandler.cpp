// FLOP-CTOT: the calculated take-off time (slot) (flop.md CTOT, pattern T2 on `calTakeOff`).
// T2 follows the T1 rules here (architecture.md §11): empty clears, absent keeps, a time that does not
// parse (any length but 11 included: the legacy crash of flop.md §5.6) is a codec error.
// CTOT has no schedule element, so a SCHD update keeps `calTakeOff` (schedule.md §7.3).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kCalculatedTakeOff{"CTOT", "calTakeOff", FieldType::Time};

} // namespace

MSGX_HANDLER_PLUGIN(ClearableFieldHandler<kCalculatedTakeOff>, "flop-ctot", "1.0.0", "FLOP-CTOT")
