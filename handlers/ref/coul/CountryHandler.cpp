// COUL-*: the country reference class (reference.md §3.10), key COUC. The region memberships are the
// text list REGC, replaced by the set in the record; a record without REGC has no memberships (the
// legacy consumer crashed on it, §4), a DEL reads the key only.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kCountryFields[] = {
    {"COUC", "COUC", FieldType::Text, 3, true},
    {"COUN", "COUN", FieldType::Text, 30},
    {"CNMC", "CNMC", FieldType::Text, 30},
    {"REGC", "REGC", FieldType::TextList, 6},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-coul", "1.0.0", "COUL", "COUC", kCountryFields)
