#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/Config.h"
#include "msgx/http/Router.h"
#include "msgx/pipeline/runtime/PipelineRuntime.h"
#include "msgx/plugin/PluginHost.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"

#include <string>
#include <vector>

namespace msgx::http {

// What the endpoints work on. The HTTP side has its own store and mailbox handles (own session
// pools), so a burst of HTTP calls never takes a session the pump is waiting for.
struct HttpServices {
    const config::Config& config;
    Clock& clock;
    storage::OwnStore& store;
    storage::Mailbox& mailbox;
    plugin::PluginHost& plugins;
    pipeline::PipelineRuntime& pipeline;
    std::string version;
};

// Every route of docs/http.md, in the order docs/openapi.yaml lists them. With `services` null the
// table only (msgxd --http-routes): the handlers must then not be called.
std::vector<Route> apiRoutes(HttpServices* services);

// The router of msgxd: apiRoutes with the token files http.compat-token-file and
// http.ops-token-file. Throws TokenFileError when one cannot be used.
Router makeRouter(HttpServices& services);

} // namespace msgx::http
