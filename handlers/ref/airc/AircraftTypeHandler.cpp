// AIRC-*: the aircraft type reference class (reference.md §3.3), key ITAT. CHAP (noise chapter) is
// stored under its element name; the legacy column it fed is the size category.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kAircraftTypeFields[] = {
    {"ITAT", "ITAT", FieldType::Text, 3, true}, {"ICAT", "ICAT", FieldType::Text, 4},
    {"DESC", "DESC", FieldType::Text, 30},      {"CDSC", "CDSC", FieldType::Text, 30},
    {"CHAP", "CHAP", FieldType::Text, 1},       {"MAXP", "MAXP", FieldType::Short},
    {"MFWT", "MFWT", FieldType::Decimal},       {"MTWT", "MTWT", FieldType::Decimal},
    {"ALEN", "ALEN", FieldType::Decimal},       {"WSPN", "WSPN", FieldType::Decimal},
    {"MHTM", "MHTM", FieldType::Decimal},       {"MABR", "MABR", FieldType::Byte},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-airc", "1.0.0", "AIRC", "ITAT", kAircraftTypeFields)
