// HLTR-*: the handling transaction (service) code reference class (reference.md §3.14), key HLTC.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kHandlingTransactionFields[] = {
    {"HLTC", "HLTC", FieldType::Text, 4, true}, {"HLTD", "HLTD", FieldType::Text, 30},
    {"HTDC", "HTDC", FieldType::Text, 30},      {"HLTT", "HLTT", FieldType::Text, 1},
    {"UMNM", "UMNM", FieldType::Text, 5},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-hltr", "1.0.0", "HLTR", "HLTC", kHandlingTransactionFields)
