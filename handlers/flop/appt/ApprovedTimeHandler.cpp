// FLOP-APPT: the approved time (flop.md APPT, pattern T1 on `approvedTime`).
// Empty APPT (`<APPT/>`, `<APPT></APPT>`, blanks only) clears it, absent APPT changes nothing, a
// value that is not a ddMMMyyHHmm local time (day invalid for the month, date-only ddMMMyy) is a
// codec error; a master's shared flights get the same value (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kApprovedTime{"APPT", "approvedTime", FieldType::Time};

} // namespace

MSGX_HANDLER_PLUGIN(ClearableFieldHandler<kApprovedTime>, "flop-appt", "1.0.0", "FLOP-APPT")
