// VIPS-*: the VIP service code reference class (reference.md §3.23), key VSCD. VSQC is an N(byte);
// an absent or empty one is left out of the record (the legacy default 3 is a storage default, not
// part of the message).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kVipServiceFields[] = {
    {"VSCD", "VSCD", FieldType::Text, 4, true}, {"VSDS", "VSDS", FieldType::Text, 30},
    {"VSDC", "VSDC", FieldType::Text, 30},      {"VSQC", "VSQC", FieldType::Byte},
    {"VSUC", "VSUC", FieldType::Text, 5},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-vips", "1.0.0", "VIPS", "VSCD", kVipServiceFields)
