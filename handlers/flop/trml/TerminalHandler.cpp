// FLOP-TRML: the terminal (flop.md TRML, pattern S on `terminal`, code(5)).
// Absent or empty TRML is rejected (FLOP cannot clear it); not checked against the TLST reference
// data; a master's shared flights get the same terminal (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kTerminal{"TRML", "terminal", FieldType::Text, 5};

} // namespace

MSGX_HANDLER_PLUGIN(MandatoryFieldHandler<kTerminal>, "flop-trml", "1.0.0", "FLOP-TRML")
