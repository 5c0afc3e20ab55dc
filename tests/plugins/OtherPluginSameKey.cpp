// Another plugin (another name) that declares a key test-echo already serves: refused whole.
#include "msgx/sdk/Sdk.h"

namespace {

class OtherHandler final : public msgx::sdk::Handler {
public:
    msgx::sdk::Decision decide(const msgx::sdk::HandlerContext&, const msgx::sdk::FlightView&,
                               const msgx::sdk::Message&) const override {
        return msgx::sdk::Decision::apply();
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(OtherHandler, "test-other", "1.0.0", "TEST-OTHER", "TEST-ECHO")
