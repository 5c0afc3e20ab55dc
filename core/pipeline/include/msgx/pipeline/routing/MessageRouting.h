#pragma once

#include "msgx/pipeline/routing/IgnoreRules.h"
#include "msgx/plugin/LoadedPlugin.h"
#include "msgx/plugin/PluginHost.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightView.h"
#include "msgx/sdk/HandlerContext.h"

#include <optional>
#include <string>
#include <string_view>

namespace msgx::pipeline {

// One message taken from raw XML to its Decision, without any store: what the pump does between
// reading a PROC_STATE row and committing, and all that `msgxctl decode` and the golden runner do.
struct RoutedMessage {
    std::string key;                              // "FLOP-STND"; "" when the document did not decode
    sdk::Decision decision;                       // always set, whatever happened
    std::optional<plugin::PluginSummary> handler; // the plugin that decided, when one did
};

// Decode (MALFORMED on failure) -> ignore rules (SKIPPED "ignored:<pattern>") -> route by key
// (FAILED(UNSUPPORTED) "no handler serves <key>" when no plugin does) -> the handler's decide().
// Never throws for any input (std::bad_alloc aside).
RoutedMessage routeMessage(std::string_view xml, const IgnoreRules& ignoreRules,
                           const plugin::PluginHost& host, const sdk::HandlerContext& context,
                           const sdk::FlightView& flights);

// Calls the leased handler. An exception escaping decide() becomes FAILED(INFRA) "handler <plugin>
// threw: <what>" (a handler bug must not stop the pump); a decision that is not Apply loses any
// changes it carries (Skip and Fail change nothing, sdk/Decision.h).
sdk::Decision invokeHandler(const plugin::HandlerLease& lease, const sdk::HandlerContext& context,
                            const sdk::FlightView& flights, const codec::Message& message);

} // namespace msgx::pipeline
