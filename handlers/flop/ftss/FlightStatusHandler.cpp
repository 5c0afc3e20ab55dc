// FLOP-FTSS: the flight status code (flop.md FTSS, pattern S on `statusCode`, code(8)).
// Absent or empty FTSS is rejected (FLOP cannot clear it); the code is kept as sent, case included
// (`DELY` is a status, flop.md §4); a master's shared flights get the same status (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kFlightStatus{"FTSS", "statusCode", FieldType::Text, 8};

} // namespace

MSGX_HANDLER_PLUGIN(MandatoryFieldHandler<kFlightStatus>, "flop-ftss", "1.0.0", "FLOP-FTSS")
