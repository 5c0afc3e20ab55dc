// ABNR-*: the abnormal-reason code reference class (reference.md §3.2), key ANRC.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kAbnormalReasonFields[] = {
    {"ANRC", "ANRC", FieldType::Text, 8, true},
    {"ANRD", "ANRD", FieldType::Text, 100},
    {"ARDC", "ARDC", FieldType::Text, 100},
};

class AbnormalReasonHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView&, const Message& message) const override {
        return decideReferenceMessage(context, message, {"ABNR", "ANRC", kAbnormalReasonFields});
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(AbnormalReasonHandler, "ref-abnr", "1.0.0", "ABNR-ADD", "ABNR-UPD", "ABNR-DEL",
                    "ABNR-DNLD", "ABNR-RESP")
