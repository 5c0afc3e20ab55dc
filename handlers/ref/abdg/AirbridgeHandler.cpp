// ABDG-*: the airbridge reference class (reference.md §3.1), key ABCD. Its STND lists feed the
// stand->airbridge view that FLOP-PSDT reads (ReferenceView::airbridgesServing).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kAirbridgeFields[] = {
    {"ABCD", "ABCD", FieldType::Text, 8, true}, {"DESC", "DESC", FieldType::Text, 30},
    {"CDSC", "CDSC", FieldType::Text, 30},      {"AHGT", "AHGT", FieldType::Decimal},
    {"ATML", "ATML", FieldType::Text, 5},       {"ATHE", "ATHE", FieldType::Flag},
    {"STND", "STND", FieldType::TextList, 8},   {"GATE", "GATE", FieldType::TextList, 8},
    {"AMNO", "AMNO", FieldType::Byte},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-abdg", "1.0.0", "ABDG", "ABCD", kAirbridgeFields)
