// FLOP-RUNW: the logical runway (flop.md RUNW, pattern S on `logicalRunway`, code(8)).
// Absent or empty RUNW is rejected (FLOP cannot clear it); a master's shared flights get the same
// runway (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kLogicalRunway{"RUNW", "logicalRunway", FieldType::Text, 8};

} // namespace

MSGX_HANDLER_PLUGIN(MandatoryFieldHandler<kLogicalRunway>, "flop-runw", "1.0.0", "FLOP-RUNW")
