#pragma once

#include "msgx/codec/TimeZone.h"
#include "msgx/plugin/IgnoreRules.h"
#include "msgx/plugin/InMemoryViews.h"
#include "msgx/plugin/JsonValue.h"
#include "msgx/plugin/MessageRouting.h"
#include "msgx/plugin/PluginHost.h"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace msgx::plugin {

// The flights a message meets (before.json): {"now": "<UTC>", "flights": [<flight documents>]}.
struct FlightState {
    std::optional<std::chrono::sys_seconds> now;
    std::vector<sdk::FlightDocument> flights;
};

// before.json and refs.json (docs/flight-document.md). Throw JsonError naming `source`.
FlightState readFlightState(const JsonValue& json, const std::string& source);
// refs.json: {"<RTYPE>": {"<RKEY>": {<record fields>}, ...}, ...}.
ReferenceClasses readReferenceClasses(const JsonValue& json, const std::string& source);

// The whole content of a file; std::runtime_error naming the file when it cannot be read.
std::string readTextFile(const std::filesystem::path& file);

// One message decided without any store, as `msgxctl decode` and the golden runner do it.
struct OfflineInput {
    std::string xml;
    FlightState before;
    ReferenceClasses references;
};

struct OfflineResult {
    RoutedMessage routed;
    JsonValue decisionJson; // decisionToJson of routed, against `before`
};

// routeMessage() against in-memory views of `input`, at input.before.now (or `fallbackNow`).
OfflineResult decideOffline(const OfflineInput& input, const PluginHost& host, const IgnoreRules& ignoreRules,
                            const codec::TimeZone& businessZone, std::chrono::sys_seconds fallbackNow);

// The Decision JSON (docs/flight-document.md "Decision"): key, outcome, error_class, reason, notes,
// flights (each change with the flight document after it, computed from `before`), msg, schd,
// references, outbound.
JsonValue decisionToJson(const RoutedMessage& routed, const sdk::FlightView& before);

} // namespace msgx::plugin
