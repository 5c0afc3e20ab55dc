// FLOP-EGST: the actual engine start time (flop.md EGST, pattern T1 on `engineStart`).
// Empty EGST (`<EGST/>`, `<EGST></EGST>`, blanks only) clears it, absent EGST changes nothing, a
// value that is not a ddMMMyyHHmm local time (day invalid for the month, date-only ddMMMyy) is a
// codec error; a master's shared flights get the same value (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kEngineStart{"EGST", "engineStart", FieldType::Time};

} // namespace

MSGX_HANDLER_PLUGIN(ClearableFieldHandler<kEngineStart>, "flop-egst", "1.0.0", "FLOP-EGST")
