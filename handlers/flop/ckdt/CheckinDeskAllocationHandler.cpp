// FLOP-CKDT: the check-in desk allocation list (flop.md CKDT, pattern L on `checkinDesks`, key
// CKNO): CHKC (leading zeros kept), CCLS and CTYP required, the four times optional; the groups
// replace the list.
#include "msgx/sdk/Sdk.h"

MSGX_HANDLER_PLUGIN(msgx::sdk::ReplaceListHandler<msgx::sdk::lists::kCheckinDesks>, "flop-ckdt", "1.0.0",
                    "FLOP-CKDT")
