// SLST-*: the stand reference class (reference.md §3.19), key SCOD.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kStandFields[] = {
    {"SCOD", "SCOD", FieldType::Text, 8, true}, {"STNM", "STNM", FieldType::Text, 30},
    {"SNMC", "SNMC", FieldType::Text, 30},      {"SATC", "SATC", FieldType::Text, 1},
    {"STGP", "STGP", FieldType::Text, 30},      {"SWID", "SWID", FieldType::Decimal},
    {"SHGT", "SHGT", FieldType::Decimal},       {"STML", "STML", FieldType::Text, 5},
    {"MABS", "MABS", FieldType::Byte},          {"DIGT", "DIGT", FieldType::Text, 8},
    {"DDGT", "DDGT", FieldType::Text, 8},       {"REMT", "REMT", FieldType::Text, 1},
    {"FEPU", "FEPU", FieldType::Flag},
};

} // namespace

MSGX_REFERENCE_PLUGIN("ref-slst", "1.0.0", "SLST", "SCOD", kStandFields)
