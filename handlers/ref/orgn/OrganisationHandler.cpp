// ORGN-*: the organisation reference class (reference.md §3.15), key OGID. OGID is an N(int): the
// record is keyed by its canonical digits (031002 -> RKEY 31002), letters in it are a codec error.
// OCAT is the repeated role list (empty entries dropped, reference.md §2.3); its entries are `text`
// with no length of their own.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kOrganisationFields[] = {
    {"OGID", "OGID", FieldType::Int, 0, true},
    {"ONAM", "ONAM", FieldType::Text, 40},
    {"ONMC", "ONMC", FieldType::Text, 40},
    {"OCAT", "OCAT", FieldType::TextList, 0},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-orgn", "1.0.0", "ORGN", "OGID", kOrganisationFields)
