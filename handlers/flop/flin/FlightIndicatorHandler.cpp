// FLOP-FLIN: the domestic / international indicator (flop.md FLIN, pattern S on `flightIndicator`, char).
// Absent or empty FLIN is rejected (FLOP cannot clear it); more than one character is a codec error
// (flop.md FLIN, §2.3); any one character is stored: flop.md FLIN names D/I/M/R but no reject for
// another code; a master's shared flights get the same indicator (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kFlightIndicator{"FLIN", "flightIndicator", FieldType::Char};

} // namespace

MSGX_HANDLER_PLUGIN(MandatoryFieldHandler<kFlightIndicator>, "flop-flin", "1.0.0", "FLOP-FLIN")
