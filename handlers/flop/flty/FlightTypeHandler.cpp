// FLOP-FLTY: the flight type (flop.md FLTY, pattern S on `flightType`, char).
// Absent or empty FLTY is rejected (FLOP cannot clear it); more than one character is a codec error
// (flop.md §2.3); not checked against the FLTL reference data; a master's shared flights get the same
// type (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kFlightType{"FLTY", "flightType", FieldType::Char};

} // namespace

MSGX_HANDLER_PLUGIN(MandatoryFieldHandler<kFlightType>, "flop-flty", "1.0.0", "FLOP-FLTY")
