// FLOP-ACFT: the aircraft type (flop.md ACFT, pattern S on `aircraftType`, code(3)).
// Absent or empty ACFT is rejected (FLOP cannot clear it); any code is stored, unchecked against the
// AIRC reference data (flop.md ACFT); a master's shared flights get the same type (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kAircraftType{"ACFT", "aircraftType", FieldType::Text, 3};

} // namespace

MSGX_HANDLER_PLUGIN(MandatoryFieldHandler<kAircraftType>, "flop-acft", "1.0.0", "FLOP-ACFT")
