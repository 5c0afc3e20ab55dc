// CHLT-*: the baggage make-up chute reference class (reference.md §3.7), key CCOD.
// The key element CCOD is also the key of CLST (check-in counters, §3.9): the record element (CHLT)
// and the RTYPE keep the two classes apart.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kChuteFields[] = {
    {"CCOD", "CCOD", FieldType::Text, 8, true}, {"CHNM", "CHNM", FieldType::Text, 30},
    {"CNMC", "CNMC", FieldType::Text, 30},      {"CTML", "CTML", FieldType::Text, 5},
    {"CCAT", "CCAT", FieldType::Text, 1},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-chlt", "1.0.0", "CHLT", "CCOD", kChuteFields)
