// FLOP-TOBT: the A-CDM target off-block time (flop.md TOBT, pattern T2 on `targetOffBlock`).
// T2 follows the T1 rules here (architecture.md §11): empty clears, absent keeps, a time that does not
// parse (any length but 11 included: the legacy crash of flop.md §5.6) is a codec error.
// A record without TOBT keeps the stored value (flop.md TOBT: the legacy sample of that shape cleared it).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kTargetOffBlock{"TOBT", "targetOffBlock", FieldType::Time};

} // namespace

MSGX_HANDLER_PLUGIN(ClearableFieldHandler<kTargetOffBlock>, "flop-tobt", "1.0.0", "FLOP-TOBT")
