// CHLT-*: the baggage make-up chute reference class (reference.md §3.7), key CCOD.
// The key element CCOD is also the key of CLST (check-in counters, §3.9): the record element (CHLT)
// and the RTYPE keep the two classes apart.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kChuteFields[] = {
    {"CCOD", "CCOD", FieldType::Text, 8, true}, {"CHNM", "CHNM", FieldType::Text, 30},
    {"CNMC", "CNMC", FieldType::Text, 30},      {"CTML", "CTML", FieldType::Text, 5},
    {"CCAT", "CCAT", FieldType::Text, 1},
};

class ChuteHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView&, const Message& message) const override {
        return decideReferenceMessage(context, message, {"CHLT", "CCOD", kChuteFields});
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(ChuteHandler, "ref-chlt", "1.0.0", "CHLT-ADD", "CHLT-UPD", "CHLT-DEL", "CHLT-DNLD",
                    "CHLT-RESP")
