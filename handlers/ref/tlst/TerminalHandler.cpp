// TLST-*: the terminal reference class (reference.md §3.21), key TCOD.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kTerminalFields[] = {
    {"TCOD", "TCOD", FieldType::Text, 5, true}, {"TNAM", "TNAM", FieldType::Text, 30},
    {"TNMC", "TNMC", FieldType::Text, 30},      {"TCAT", "TCAT", FieldType::Text, 1},
    {"TPAX", "TPAX", FieldType::Flag},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-tlst", "1.0.0", "TLST", "TCOD", kTerminalFields)
