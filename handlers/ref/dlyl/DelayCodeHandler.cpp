// DLYL-*: the delay code reference class (reference.md §3.11), key DCOD.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kDelayCodeFields[] = {
    {"DCOD", "DCOD", FieldType::Text, 3, true},
    {"DCDN", "DCDN", FieldType::Short},
    {"DDES", "DDES", FieldType::Text, 100},
    {"DDSC", "DDSC", FieldType::Text, 100},
};

class DelayCodeHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView&, const Message& message) const override {
        return decideReferenceMessage(context, message, {"DLYL", "DCOD", kDelayCodeFields});
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(DelayCodeHandler, "ref-dlyl", "1.0.0", "DLYL-ADD", "DLYL-UPD", "DLYL-DEL", "DLYL-DNLD",
                    "DLYL-RESP")
