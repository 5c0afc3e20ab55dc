// A well-behaved test plugin: answers every message with an Apply decision whose only note names
// the plugin version it was built as (ECHO_VERSION), so tests can tell which build served a message.
#include "msgx/sdk/Sdk.h"

#ifndef ECHO_VERSION
#error "ECHO_VERSION must be defined by the build"
#endif

namespace {

class EchoHandler final : public msgx::sdk::Handler {
public:
    msgx::sdk::Decision decide(const msgx::sdk::HandlerContext&, const msgx::sdk::FlightView&,
                               const msgx::sdk::Message& message) const override {
        auto decision = msgx::sdk::Decision::apply();
        decision.notes.push_back("echo " ECHO_VERSION " " + message.key());
        return decision;
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(EchoHandler, "test-echo", ECHO_VERSION, "TEST-ECHO", "TEST-ECHO2")
