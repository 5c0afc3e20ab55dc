// A plugin whose decide() throws: the host turns the exception into FAILED(INFRA).
#include "msgx/sdk/Sdk.h"

#include <stdexcept>

namespace {

class ThrowingDecide final : public msgx::sdk::Handler {
public:
    msgx::sdk::Decision decide(const msgx::sdk::HandlerContext&, const msgx::sdk::FlightView&,
                               const msgx::sdk::Message&) const override {
        throw std::runtime_error("bug in the rule");
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(ThrowingDecide, "test-throwing-decide", "1.0.0", "TEST-BUG")
