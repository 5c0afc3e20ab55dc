// FLOP-STND: the flight's current stand (flop.md STND, pattern S on `currentStand`, code(8)).
// Absent or empty STND is rejected (FLOP cannot clear it); a master's shared flights get the same
// stand (architecture.md §11); the stand allocation list (PSDT) and `abdg` are not touched.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

class CurrentStandHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView& flights,
                    const Message& message) const override {
        return decideFlopRecords(
            context, flights, message, [](const Element& record, const HandlerContext& c) {
                return mandatoryRule(record, {"STND", "currentStand", FieldType::Text, 8}, c);
            });
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(CurrentStandHandler, "flop-stnd", "1.0.0", "FLOP-STND")
