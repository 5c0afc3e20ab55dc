// FLOP-EGSR: the time engine start was requested (flop.md EGSR, pattern T1 on `engineStartRequest`).
// Empty EGSR (`<EGSR/>`, `<EGSR></EGSR>`, blanks only) clears it, absent EGSR changes nothing, a
// value that is not a ddMMMyyHHmm local time (day invalid for the month, date-only ddMMMyy) is a
// codec error; a master's shared flights get the same value (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kEngineStartRequest{"EGSR", "engineStartRequest", FieldType::Time};

} // namespace

MSGX_HANDLER_PLUGIN(ClearableFieldHandler<kEngineStartRequest>, "flop-egsr", "1.0.0", "FLOP-EGSR")
