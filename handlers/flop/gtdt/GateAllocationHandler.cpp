// FLOP-GTDT: the gate allocation list (flop.md GTDT, pattern L on `gates`, key GTNO): GATE and
// GTYP required, the four times optional; the groups replace the list.
#include "msgx/sdk/Sdk.h"

MSGX_HANDLER_PLUGIN(msgx::sdk::ReplaceListHandler<msgx::sdk::lists::kGates>, "flop-gtdt", "1.0.0",
                    "FLOP-GTDT")
