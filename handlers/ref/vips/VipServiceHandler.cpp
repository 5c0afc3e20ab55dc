// VIPS-*: the VIP service code reference class (reference.md §3.23), key VSCD. VSQC is an N(byte);
// an absent or empty one is left out of the record (the legacy default 3 is a storage default, not
// part of the message).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kVipServiceFields[] = {
    {"VSCD", "VSCD", FieldType::Text, 4, true}, {"VSDS", "VSDS", FieldType::Text, 30},
    {"VSDC", "VSDC", FieldType::Text, 30},      {"VSQC", "VSQC", FieldType::Byte},
    {"VSUC", "VSUC", FieldType::Text, 5},
};

class VipServiceHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView&, const Message& message) const override {
        return decideReferenceMessage(context, message, {"VIPS", "VSCD", kVipServiceFields});
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(VipServiceHandler, "ref-vips", "1.0.0", "VIPS-ADD", "VIPS-UPD", "VIPS-DEL", "VIPS-DNLD",
                    "VIPS-RESP")
