// STTS-*: the flight status code reference class (reference.md §3.20), key STTC. ABNS absent or
// empty is stored as false (reference.md §2.3, as the legacy does).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kFlightStatusFields[] = {
    {"STTC", "STTC", FieldType::Text, 8, true},
    {"STTD", "STTD", FieldType::Text, 100},
    {"STDC", "STDC", FieldType::Text, 100},
    {"ABNS", "ABNS", FieldType::Flag},
};

class FlightStatusHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView&, const Message& message) const override {
        return decideReferenceMessage(context, message, {"STTS", "STTC", kFlightStatusFields});
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(FlightStatusHandler, "ref-stts", "1.0.0", "STTS-ADD", "STTS-UPD", "STTS-DEL", "STTS-DNLD",
                    "STTS-RESP")
