// FLOP-CHDT: the baggage chute allocation list (flop.md CHDT, pattern L on `chutes`, key CHNO):
// CHUT, CCLS and CTYP required (flop.md §5.4), the four times optional; the groups replace the list.
#include "msgx/sdk/Sdk.h"

MSGX_HANDLER_PLUGIN(msgx::sdk::ReplaceListHandler<msgx::sdk::lists::kChutes>, "flop-chdt", "1.0.0",
                    "FLOP-CHDT")
