// FLOP-PADT: the actual departure from the previous station (flop.md PADT, pattern T2 on `padt`).
// T2 follows the T1 rules here (architecture.md §11): empty clears, absent keeps, a time that does not
// parse (any length but 11 included: the legacy crash of flop.md §5.6) is a codec error.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kPreviousStationActualDeparture{"PADT", "padt", FieldType::Time};

} // namespace

MSGX_HANDLER_PLUGIN(ClearableFieldHandler<kPreviousStationActualDeparture>, "flop-padt", "1.0.0", "FLOP-PADT")
