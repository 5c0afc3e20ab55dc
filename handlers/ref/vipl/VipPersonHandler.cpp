// VIPL-*: the VIP person reference class (reference.md §3.22), key VPCD. VRMK is kept as text
// (`text`, no length) although the legacy consumer does not store it: the record is stored as the
// message carries it (update means replace, §2.2), so a remark AODB sends is not lost and a changed
// remark is a changed record. VPPS is what the legacy stored as the person's remarks.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kVipPersonFields[] = {
    {"VPCD", "VPCD", FieldType::Text, 10, true}, {"VPNC", "VPNC", FieldType::Text, 40},
    {"VFNM", "VFNM", FieldType::Text, 40},       {"VLNM", "VLNM", FieldType::Text, 40},
    {"VDES", "VDES", FieldType::Text, 80},       {"VDSC", "VDSC", FieldType::Text, 80},
    {"VPON", "VPON", FieldType::Text, 60},       {"VRNK", "VRNK", FieldType::Text, 60},
    {"VPTC", "VPTC", FieldType::Text, 60},       {"VCTN", "VCTN", FieldType::Text, 20},
    {"VRMK", "VRMK", FieldType::Text, 0},        {"VCMN", "VCMN", FieldType::Text, 20},
    {"VPWU", "VPWU", FieldType::Text, 100},      {"VPPS", "VPPS", FieldType::Text, 200},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-vipl", "1.0.0", "VIPL", "VPCD", kVipPersonFields)
