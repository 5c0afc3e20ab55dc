// FLOP-RENO: the aircraft registration (flop.md RENO, pattern S on `registration`, code(10)).
// Absent or empty RENO is rejected (FLOP cannot clear it); the format is not checked (flop.md RENO);
// a master's shared flights get the same registration (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kRegistration{"RENO", "registration", FieldType::Text, 10};

} // namespace

MSGX_HANDLER_PLUGIN(MandatoryFieldHandler<kRegistration>, "flop-reno", "1.0.0", "FLOP-RENO")
