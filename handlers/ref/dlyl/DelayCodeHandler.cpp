// DLYL-*: the delay code reference class (reference.md §3.11), key DCOD.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kDelayCodeFields[] = {
    {"DCOD", "DCOD", FieldType::Text, 3, true},
    {"DCDN", "DCDN", FieldType::Short},
    {"DDES", "DDES", FieldType::Text, 100},
    {"DDSC", "DDSC", FieldType::Text, 100},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-dlyl", "1.0.0", "DLYL", "DCOD", kDelayCodeFields)
