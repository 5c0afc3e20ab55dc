// FLOP-STND: the flight's current stand (flop.md STND, pattern S on `currentStand`, code(8)).
// Absent or empty STND is rejected (FLOP cannot clear it); a master's shared flights get the same
// stand (architecture.md §11); the stand allocation list (PSDT) and `abdg` are not touched.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kCurrentStand{"STND", "currentStand", FieldType::Text, 8};

} // namespace

MSGX_HANDLER_PLUGIN(MandatoryFieldHandler<kCurrentStand>, "flop-stnd", "1.0.0", "FLOP-STND")
