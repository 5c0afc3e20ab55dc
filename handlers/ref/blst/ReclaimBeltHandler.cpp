// BLST-*: the baggage reclaim belt (carousel) reference class (reference.md §3.6), key BCOD.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kReclaimBeltFields[] = {
    {"BCOD", "BCOD", FieldType::Text, 8, true}, {"BTNM", "BTNM", FieldType::Text, 30},
    {"BNMC", "BNMC", FieldType::Text, 30},      {"BCAT", "BCAT", FieldType::Text, 1},
    {"BTML", "BTML", FieldType::Text, 5},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-blst", "1.0.0", "BLST", "BCOD", kReclaimBeltFields)
