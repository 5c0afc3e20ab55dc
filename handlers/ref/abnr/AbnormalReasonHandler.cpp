// ABNR-*: the abnormal-reason code reference class (reference.md §3.2), key ANRC.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kAbnormalReasonFields[] = {
    {"ANRC", "ANRC", FieldType::Text, 8, true},
    {"ANRD", "ANRD", FieldType::Text, 100},
    {"ARDC", "ARDC", FieldType::Text, 100},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-abnr", "1.0.0", "ABNR", "ANRC", kAbnormalReasonFields)
