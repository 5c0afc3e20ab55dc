// FLOP-LACL: the last call time (flop.md LACL, pattern T1 on `lastCall`).
// Empty LACL (`<LACL/>`, `<LACL></LACL>`, blanks only) clears it, absent LACL changes nothing, a
// value that is not a ddMMMyyHHmm local time (day invalid for the month, date-only ddMMMyy) is a
// codec error; a master's shared flights get the same value (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kLastCall{"LACL", "lastCall", FieldType::Time};

} // namespace

MSGX_HANDLER_PLUGIN(ClearableFieldHandler<kLastCall>, "flop-lacl", "1.0.0", "FLOP-LACL")
