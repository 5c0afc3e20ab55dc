// ARPT-*: the airport reference class (reference.md §3.5), key ITCD. The ABBR slots are stored flat
// as ABR1..ABR6 (ReferenceGroups.h readAbbreviationSlots): a slot the record does not carry is
// absent (an update clears it); an unknown or empty CODE is ignored with a note.
#include "msgx/sdk/ReferenceGroups.h"
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kAirportFields[] = {
    {"ITCD", "ITCD", FieldType::Text, 3, true}, {"ICCD", "ICCD", FieldType::Text, 4},
    {"ANAM", "ANAM", FieldType::Text, 30},      {"ANMC", "ANMC", FieldType::Text, 30},
    {"BDIS", "BDIS", FieldType::Long},          {"CTRY", "CTRY", FieldType::Text, 3},
    {"ACTY", "ACTY", FieldType::Text, 3},       {"ATYP", "ATYP", FieldType::Text, 1},
    {"HAUL", "HAUL", FieldType::Text, 1},
};

constexpr ReferenceGroupReader kAirportGroups[] = {readAbbreviationSlots};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-arpt", "1.0.0", "ARPT", "ITCD", kAirportFields, kAirportGroups)
