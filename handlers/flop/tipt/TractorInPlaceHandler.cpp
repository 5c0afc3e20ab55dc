// FLOP-TIPT: tractor-in-place time per stand (flop.md TIPT, in place on `stands`, matched by
// TRST = standCode): TRTM sets tractorTime, an empty TRTM clears it, an absent one changes nothing.
// The event carries only the changed stand entries (`changedStands`).
#include "msgx/sdk/Sdk.h"

namespace {

constexpr msgx::sdk::StandUpdateSpec kTractor{"TIPT", "TRST", "TRTM", "tractorTime", "", ""};

} // namespace

MSGX_HANDLER_PLUGIN(msgx::sdk::StandUpdateHandler<kTractor>, "flop-tipt", "1.0.0", "FLOP-TIPT")
