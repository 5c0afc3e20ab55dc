// PLST-*: the pier reference class (reference.md §3.16), key PCOD.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kPierFields[] = {
    {"PCOD", "PCOD", FieldType::Text, 8, true}, {"PRNM", "PRNM", FieldType::Text, 30},
    {"PNMC", "PNMC", FieldType::Text, 30},      {"PCAT", "PCAT", FieldType::Text, 1},
    {"PTML", "PTML", FieldType::Text, 5},
};

class PierHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView&, const Message& message) const override {
        return decideReferenceMessage(context, message, {"PLST", "PCOD", kPierFields});
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(PierHandler, "ref-plst", "1.0.0", "PLST-ADD", "PLST-UPD", "PLST-DEL", "PLST-DNLD",
                    "PLST-RESP")
