// CLST-*: the check-in counter reference class (reference.md §3.9), key CCOD.
// The key element CCOD is also the key of CHLT (chutes, §3.7): the record element (CLST) and the
// RTYPE keep the two classes apart.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kCheckInCounterFields[] = {
    {"CCOD", "CCOD", FieldType::Text, 8, true}, {"CTNM", "CTNM", FieldType::Text, 30},
    {"CNMC", "CNMC", FieldType::Text, 30},      {"CCAT", "CCAT", FieldType::Text, 1},
    {"CTML", "CTML", FieldType::Text, 5},       {"CTRA", "CTRA", FieldType::Flag},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-clst", "1.0.0", "CLST", "CCOD", kCheckInCounterFields)
