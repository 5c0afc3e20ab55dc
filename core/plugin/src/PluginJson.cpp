#include "msgx/plugin/PluginJson.h"

namespace msgx::plugin {

namespace {

json::JsonValue summaryJson(const PluginSummary& plugin) {
    json::JsonValue json = json::JsonValue::object();
    json.set("name", json::JsonValue::string(plugin.name));
    json.set("version", json::JsonValue::string(plugin.version));
    json.set("sdk_version", json::JsonValue::string(plugin.sdkVersion));
    json::JsonValue keys = json::JsonValue::array();
    for (const auto& key : plugin.keys) {
        keys.push(json::JsonValue::string(key));
    }
    json.set("keys", std::move(keys));
    json.set("file", json::JsonValue::string(plugin.file.string()));
    return json;
}

json::JsonValue summariesJson(const std::vector<PluginSummary>& plugins) {
    json::JsonValue array = json::JsonValue::array();
    for (const auto& plugin : plugins) {
        array.push(summaryJson(plugin));
    }
    return array;
}

json::JsonValue refusalsJson(const std::vector<PluginRefusal>& refusals) {
    json::JsonValue array = json::JsonValue::array();
    for (const auto& refusal : refusals) {
        json::JsonValue json = json::JsonValue::object();
        json.set("file", json::JsonValue::string(refusal.file.string()));
        json.set("reason", json::JsonValue::string(refusal.reason));
        array.push(std::move(json));
    }
    return array;
}

} // namespace

json::JsonValue pluginListJson(const std::filesystem::path& directory, const HandlerRegistry& registry) {
    json::JsonValue json = json::JsonValue::object();
    json.set("directory", json::JsonValue::string(directory.string()));
    std::vector<PluginSummary> plugins;
    for (const auto& plugin : registry.plugins()) {
        plugins.push_back(plugin->summary());
    }
    json.set("plugins", summariesJson(plugins));
    json.set("refused", refusalsJson(registry.refusals()));
    return json;
}

json::JsonValue reloadReportJson(const std::filesystem::path& directory, const ReloadReport& report) {
    json::JsonValue json = json::JsonValue::object();
    json.set("directory", json::JsonValue::string(directory.string()));
    json.set("summary", json::JsonValue::string(report.summaryLine()));
    json.set("problem", report.problem ? json::JsonValue::string(*report.problem) : json::JsonValue());
    json.set("loaded", summariesJson(report.loaded));
    json::JsonValue replaced = json::JsonValue::array();
    for (const auto& replacement : report.replaced) {
        json::JsonValue entry = json::JsonValue::object();
        entry.set("name", json::JsonValue::string(replacement.after.name));
        entry.set("from", json::JsonValue::string(replacement.before.version));
        entry.set("to", json::JsonValue::string(replacement.after.version));
        entry.set("file", json::JsonValue::string(replacement.after.file.string()));
        replaced.push(std::move(entry));
    }
    json.set("replaced", std::move(replaced));
    json.set("unchanged", summariesJson(report.unchanged));
    json.set("removed", summariesJson(report.removed));
    json.set("refused", refusalsJson(report.refused));
    return json;
}

} // namespace msgx::plugin
