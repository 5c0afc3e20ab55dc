// REGL-*: the region reference class (reference.md §3.17), key REGC. Inside a REGL record the child
// REGN is the region name, not the aircraft registration record of a REGN message (reference.md §1).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kRegionFields[] = {
    {"REGC", "REGC", FieldType::Text, 6, true},
    {"REGN", "REGN", FieldType::Text, 30},
    {"RGNC", "RGNC", FieldType::Text, 30},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-regl", "1.0.0", "REGL", "REGC", kRegionFields)
