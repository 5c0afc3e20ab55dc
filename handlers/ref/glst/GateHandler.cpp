// GLST-*: the gate reference class (reference.md §3.13), key GCOD.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kGateFields[] = {
    {"GCOD", "GCOD", FieldType::Text, 8, true}, {"GTNM", "GTNM", FieldType::Text, 30},
    {"GNMC", "GNMC", FieldType::Text, 30},      {"GCAT", "GCAT", FieldType::Text, 1},
    {"GTML", "GTML", FieldType::Text, 5},       {"PIER", "PIER", FieldType::Text, 8},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-glst", "1.0.0", "GLST", "GCOD", kGateFields)
