// A plugin whose handler constructor throws: the host refuses it with the exception's text.
#include "msgx/sdk/Sdk.h"

#include <stdexcept>

namespace {

class ThrowingHandler final : public msgx::sdk::Handler {
public:
    ThrowingHandler() { throw std::runtime_error("reference map file missing"); }
    msgx::sdk::Decision decide(const msgx::sdk::HandlerContext&, const msgx::sdk::FlightView&,
                               const msgx::sdk::Message&) const override {
        return msgx::sdk::Decision::apply();
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(ThrowingHandler, "test-throwing", "1.0.0", "TEST-THROW")
