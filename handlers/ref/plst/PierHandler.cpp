// PLST-*: the pier reference class (reference.md §3.16), key PCOD.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kPierFields[] = {
    {"PCOD", "PCOD", FieldType::Text, 8, true}, {"PRNM", "PRNM", FieldType::Text, 30},
    {"PNMC", "PNMC", FieldType::Text, 30},      {"PCAT", "PCAT", FieldType::Text, 1},
    {"PTML", "PTML", FieldType::Text, 5},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-plst", "1.0.0", "PLST", "PCOD", kPierFields)
