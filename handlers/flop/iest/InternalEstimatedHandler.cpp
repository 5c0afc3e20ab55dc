// FLOP-IEST: the airport's internally estimated time (flop.md IEST, pattern T2 on `internalEstimated`).
// T2 follows the T1 rules here (architecture.md §11): empty clears, absent keeps, a time that does not
// parse (any length but 11 included: the legacy crash of flop.md §5.6) is a codec error.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kInternalEstimated{"IEST", "internalEstimated", FieldType::Time};

} // namespace

MSGX_HANDLER_PLUGIN(ClearableFieldHandler<kInternalEstimated>, "flop-iest", "1.0.0", "FLOP-IEST")
