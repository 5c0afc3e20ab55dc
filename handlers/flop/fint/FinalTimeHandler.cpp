// FLOP-FINT: the "final" (finals) time (flop.md FINT, pattern T1 on `finalTime`).
// Empty FINT (`<FINT/>`, `<FINT></FINT>`, blanks only) clears it, absent FINT changes nothing, a
// value that is not a ddMMMyyHHmm local time (day invalid for the month, date-only ddMMMyy) is a
// codec error; a master's shared flights get the same value (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kFinalTime{"FINT", "finalTime", FieldType::Time};

} // namespace

MSGX_HANDLER_PLUGIN(ClearableFieldHandler<kFinalTime>, "flop-fint", "1.0.0", "FLOP-FINT")
