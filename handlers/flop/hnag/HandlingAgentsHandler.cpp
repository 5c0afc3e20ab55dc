// FLOP-HNAG: the handling agents (flop.md HNAG, own rule on `paxAgent`, `fieldAgent`,
// `maintenanceAgent` from PHAG, FHAG, MHAG, int32 organisation ids), decided together from one
// record: each agent absent keeps its stored value (architecture.md §11; legacy cleared it), empty
// clears it, a value sets it; a value that is not an int32 -> CODEC_ERROR and nothing changes. One
// event carries every agent that changed; a master's shared flights get the same agents
// (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr GroupField kAgentFields[] = {
    {{"PHAG", "paxAgent", FieldType::Int}, WhenMissing::Keep, WhenMissing::Clear},
    {{"FHAG", "fieldAgent", FieldType::Int}, WhenMissing::Keep, WhenMissing::Clear},
    {{"MHAG", "maintenanceAgent", FieldType::Int}, WhenMissing::Keep, WhenMissing::Clear},
};
constexpr AttributeGroup kHandlingAgents{.element = "", .fields = kAgentFields};

} // namespace

MSGX_HANDLER_PLUGIN(AttributeGroupHandler<kHandlingAgents>, "flop-hnag", "1.0.0", "FLOP-HNAG")
