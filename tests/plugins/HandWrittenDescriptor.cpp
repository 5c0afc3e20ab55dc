// A plugin whose descriptor is written by hand to break one rule of the handshake, chosen by
// BROKEN_FIELD: abi (ABI version 999), tag (another compiler), version (not semver),
// key (a key that is not TYPE-STYP).
#include "msgx/sdk/Sdk.h"

#include <cstring>

namespace {

class NeverCreated final : public msgx::sdk::Handler {
public:
    msgx::sdk::Decision decide(const msgx::sdk::HandlerContext&, const msgx::sdk::FlightView&,
                               const msgx::sdk::Message&) const override {
        return msgx::sdk::Decision::apply();
    }
};

#define BROKEN_IS(x) (std::strcmp(BROKEN_FIELD, x) == 0)

const char* const keys[] = {BROKEN_IS("key") ? "flop_stnd" : "TEST-BROKEN", nullptr};

void* create(char* error, std::size_t size) noexcept {
    return msgx::sdk::detail::createHandler<NeverCreated>(error, size);
}

const MsgxPluginDescriptorV1 descriptor{
    BROKEN_IS("abi") ? 999u : MSGX_PLUGIN_ABI_VERSION,
    MSGX_PLUGIN_SDK_VERSION,
    BROKEN_IS("tag") ? "c++ 4.8.5; libstdc++ 4/20150623" : MSGX_PLUGIN_BUILD_TAG,
    "test-broken",
    BROKEN_IS("version") ? "1.0" : "1.0.0",
    keys,
    &create,
    &msgx::sdk::detail::destroyHandler,
};

} // namespace

extern "C" __attribute__((visibility("default"))) const MsgxPluginDescriptorV1* msgx_plugin_descriptor_v1() {
    return &descriptor;
}
