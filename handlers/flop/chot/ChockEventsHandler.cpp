// FLOP-CHOT: the chocks on / chocks off records (flop.md CHOT, pattern L on `chocks`, key CSNO):
// CHTM, CHID and CHST all required; the groups replace the list.
#include "msgx/sdk/Sdk.h"

MSGX_HANDLER_PLUGIN(msgx::sdk::ReplaceListHandler<msgx::sdk::lists::kChocks>, "flop-chot", "1.0.0",
                    "FLOP-CHOT")
