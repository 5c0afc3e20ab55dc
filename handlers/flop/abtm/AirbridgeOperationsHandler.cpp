// FLOP-ABTM: the airbridge attach/detach records of a flight (flop.md ABTM, pattern L on
// `airbridges`, key ASNO): ABDG, ABOP and AOTM are all required; the groups replace the list.
#include "msgx/sdk/Sdk.h"

MSGX_HANDLER_PLUGIN(msgx::sdk::ReplaceListHandler<msgx::sdk::lists::kAirbridges>, "flop-abtm", "1.0.0",
                    "FLOP-ABTM")
