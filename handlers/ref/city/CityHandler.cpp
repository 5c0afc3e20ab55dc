// CITY-*: the city reference class (reference.md §3.8), key ITCD. The ABBR slots follow the ARPT
// rules (§3.5), stored flat as ABR1..ABR6 (ReferenceGroups.h readAbbreviationSlots): a slot the
// record does not carry is absent (an update clears it); an unknown or empty CODE is ignored with a
// note.
#include "msgx/sdk/ReferenceGroups.h"
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kCityFields[] = {
    {"ITCD", "ITCD", FieldType::Text, 3, true}, {"ICCD", "ICCD", FieldType::Text, 4},
    {"CNAM", "CNAM", FieldType::Text, 30},      {"CNMC", "CNMC", FieldType::Text, 30},
    {"CTRY", "CTRY", FieldType::Text, 3},
};

constexpr ReferenceGroupReader kCityGroups[] = {readAbbreviationSlots};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-city", "1.0.0", "CITY", "ITCD", kCityFields, kCityGroups)
