// FLTL-*: the flight type reference class (reference.md §3.12), key FTYP.
// The key FTYP is C(1): a longer code is a codec error. CTYP may be empty (then it is left out).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kFlightTypeFields[] = {
    {"FTYP", "FTYP", FieldType::Text, 1, true}, {"CTYP", "CTYP", FieldType::Text, 3},
    {"FDES", "FDES", FieldType::Text, 30},      {"FDSC", "FDSC", FieldType::Text, 30},
    {"FCML", "FCML", FieldType::Flag},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-fltl", "1.0.0", "FLTL", "FTYP", kFlightTypeFields)
