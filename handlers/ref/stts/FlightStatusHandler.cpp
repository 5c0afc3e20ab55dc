// STTS-*: the flight status code reference class (reference.md §3.20), key STTC. ABNS absent or
// empty is stored as false (reference.md §2.3, as the legacy does).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kFlightStatusFields[] = {
    {"STTC", "STTC", FieldType::Text, 8, true},
    {"STTD", "STTD", FieldType::Text, 100},
    {"STDC", "STDC", FieldType::Text, 100},
    {"ABNS", "ABNS", FieldType::Flag},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-stts", "1.0.0", "STTS", "STTC", kFlightStatusFields)
