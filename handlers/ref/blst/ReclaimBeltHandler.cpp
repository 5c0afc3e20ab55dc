// BLST-*: the baggage reclaim belt (carousel) reference class (reference.md §3.6), key BCOD.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kReclaimBeltFields[] = {
    {"BCOD", "BCOD", FieldType::Text, 8, true}, {"BTNM", "BTNM", FieldType::Text, 30},
    {"BNMC", "BNMC", FieldType::Text, 30},      {"BCAT", "BCAT", FieldType::Text, 1},
    {"BTML", "BTML", FieldType::Text, 5},
};

class ReclaimBeltHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView&, const Message& message) const override {
        return decideReferenceMessage(context, message, {"BLST", "BCOD", kReclaimBeltFields});
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(ReclaimBeltHandler, "ref-blst", "1.0.0", "BLST-ADD", "BLST-UPD", "BLST-DEL", "BLST-DNLD",
                    "BLST-RESP")
