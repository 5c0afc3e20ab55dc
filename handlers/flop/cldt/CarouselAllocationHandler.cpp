// FLOP-CLDT: the reclaim carousel (baggage belt) allocation list (flop.md CLDT, pattern L on
// `carousels`, key CLNO): BELT, BCLS and BTYP required (flop.md §5.4), the four times optional; the
// groups replace the list.
#include "msgx/sdk/Sdk.h"

MSGX_HANDLER_PLUGIN(msgx::sdk::ReplaceListHandler<msgx::sdk::lists::kCarousels>, "flop-cldt", "1.0.0",
                    "FLOP-CLDT")
