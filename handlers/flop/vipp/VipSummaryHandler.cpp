// FLOP-VIPP: the VIP summary (flop.md VIPP, own rule on `vipCount` from VIPP int16 and `vipRank`
// from VIPR int8), the two set or cleared independently from one record: absent keeps the stored
// value (architecture.md §11; legacy cleared it), empty clears it, a value sets it; a value that
// is not a number of its type -> CODEC_ERROR and nothing changes. A master's shared flights get the
// same values (architecture.md §11). The VIP persons (list `vips`, VIPF) are not touched.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr GroupField kVipFields[] = {
    {{"VIPP", "vipCount", FieldType::Short}, WhenMissing::Keep, WhenMissing::Clear},
    {{"VIPR", "vipRank", FieldType::Byte}, WhenMissing::Keep, WhenMissing::Clear},
};
constexpr AttributeGroup kVipSummary{.element = "", .fields = kVipFields};

} // namespace

MSGX_HANDLER_PLUGIN(AttributeGroupHandler<kVipSummary>, "flop-vipp", "1.0.0", "FLOP-VIPP")
