// AIRL-*: the airline reference class (reference.md §3.4), key ITOP. The repeat groups are stored
// flat (ReferenceGroups.h): one default terminal per MVIN/FLIN combination `TRML/<MVIN>/<FLIN>`
// (every TRML kept, not only the last, §4; a MVIN other than A/D or a FLIN other than I/D rejects
// the message), the sub-companies as the code list `SUBC` with `SUBC/<CODE>/NAME` and
// `SUBC/<CODE>/NAMC` (replaced by the set in the record, keyed by ITOP and CODE, §4; a SUBC without
// CODE rejects the message). OGRP is a text list; DORI (D/I) is text.
#include "msgx/sdk/ReferenceGroups.h"
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kAirlineFields[] = {
    {"ITOP", "ITOP", FieldType::Text, 3, true}, {"ICOP", "ICOP", FieldType::Text, 3},
    {"ONAM", "ONAM", FieldType::Text, 30},      {"ONMC", "ONMC", FieldType::Text, 30},
    {"CTRY", "CTRY", FieldType::Text, 3},       {"OGRP", "OGRP", FieldType::TextList, 0},
    {"DORI", "DORI", FieldType::Text, 1},
};

constexpr ReferenceGroupReader kAirlineGroups[] = {readDefaultTerminals, readSubCompanies};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-airl", "1.0.0", "AIRL", "ITOP", kAirlineFields, kAirlineGroups)
