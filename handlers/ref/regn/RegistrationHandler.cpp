// REGN-*: the aircraft registration reference class (reference.md §3.18), key RNUM. The plugin
// serves every REGN key, but the default ignore rule `REGN-*` (pipeline.ignore, architecture.md §4
// and §11) skips these messages before routing, so it is reached only where a site removes that
// rule. OWID (owner organisation, ORGN OGID) is an N(int).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kRegistrationFields[] = {
    {"RNUM", "RNUM", FieldType::Text, 10, true},
    {"ITAT", "ITAT", FieldType::Text, 3},
    {"OWID", "OWID", FieldType::Int},
    {"ACAL", "ACAL", FieldType::Text, 3},
    {"ALSC", "ALSC", FieldType::Text, 10},
    {"MAXP", "MAXP", FieldType::Short},
    {"MFWT", "MFWT", FieldType::Decimal},
    {"MTWT", "MTWT", FieldType::Decimal},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-regn", "1.0.0", "REGN", "RNUM", kRegistrationFields)
