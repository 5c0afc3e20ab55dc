#pragma once

#include "msgx/codec/TimeZone.h"
#include "msgx/json/JsonValue.h"
#include "msgx/model/InMemoryViews.h"
#include "msgx/pipeline/routing/IgnoreRules.h"
#include "msgx/pipeline/routing/MessageRouting.h"
#include "msgx/plugin/PluginHost.h"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace msgx::golden {

// The flights a message meets (before.json): {"now": "<UTC>", "flights": [<flight documents>]}.
struct FlightState {
    std::optional<std::chrono::sys_seconds> now;
    std::vector<sdk::FlightDocument> flights;
};

// before.json and refs.json (docs/flight-document.md). Throw json::JsonError naming `source`.
FlightState readFlightState(const json::JsonValue& json, const std::string& source);
// refs.json: {"<RTYPE>": {"<RKEY>": {<record fields>}, ...}, ...}.
model::ReferenceClasses readReferenceClasses(const json::JsonValue& json, const std::string& source);

// The whole content of a file; std::runtime_error naming the file when it cannot be read.
std::string readTextFile(const std::filesystem::path& file);

// One message decided without any store, as `msgxctl decode` and the golden runner do it.
struct OfflineInput {
    std::string xml;
    FlightState before;
    model::ReferenceClasses references;
};

struct OfflineResult {
    pipeline::RoutedMessage routed;
    json::JsonValue decisionJson; // decisionToJson of routed, against `before`
};

// pipeline::routeMessage() against in-memory views of `input`, at input.before.now (or `fallbackNow`).
OfflineResult decideOffline(const OfflineInput& input, const plugin::PluginHost& host,
                            const pipeline::IgnoreRules& ignoreRules, const codec::TimeZone& businessZone,
                            std::chrono::sys_seconds fallbackNow);

// The Decision JSON (docs/flight-document.md "Decision"): key, outcome, error_class, reason, notes,
// flights (each change with the flight document after it, computed from `before`), msg, schd,
// references, outbound.
json::JsonValue decisionToJson(const pipeline::RoutedMessage& routed, const sdk::FlightView& before);

} // namespace msgx::golden
