// Example out-of-tree handler, FLOP-RMRK (a site-defined STYP, not in the AODB spec): the
// free-text remark of a flight, pattern T1 on `siteRemark` (text(64)): absent changes nothing,
// empty clears, a value sets it, a master's shared flights get the same value. It shows the whole
// contract of a site handler: one SDK header, one rule, one registration line.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

class RemarkHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView& flights,
                    const Message& message) const override {
        return decideFlopRecords(
            context, flights, message, [](const Element& record, const HandlerContext& c) {
                return clearableRule(record, {"RMRK", "siteRemark", FieldType::Text, 64}, c);
            });
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(RemarkHandler, "example-flop-rmrk", "1.0.0", "FLOP-RMRK")
