// HLTR-*: the handling transaction (service) code reference class (reference.md §3.14), key HLTC.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kHandlingTransactionFields[] = {
    {"HLTC", "HLTC", FieldType::Text, 4, true}, {"HLTD", "HLTD", FieldType::Text, 30},
    {"HTDC", "HTDC", FieldType::Text, 30},      {"HLTT", "HLTT", FieldType::Text, 1},
    {"UMNM", "UMNM", FieldType::Text, 5},
};

class HandlingTransactionHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView&, const Message& message) const override {
        return decideReferenceMessage(context, message, {"HLTR", "HLTC", kHandlingTransactionFields});
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(HandlingTransactionHandler, "ref-hltr", "1.0.0", "HLTR-ADD", "HLTR-UPD", "HLTR-DEL",
                    "HLTR-DNLD", "HLTR-RESP")
