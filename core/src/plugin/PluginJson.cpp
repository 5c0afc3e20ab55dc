#include "msgx/plugin/PluginJson.h"

namespace msgx::plugin {

namespace {

JsonValue summaryJson(const PluginSummary& plugin) {
    JsonValue json = JsonValue::object();
    json.set("name", JsonValue::string(plugin.name));
    json.set("version", JsonValue::string(plugin.version));
    json.set("sdk_version", JsonValue::string(plugin.sdkVersion));
    JsonValue keys = JsonValue::array();
    for (const auto& key : plugin.keys) {
        keys.push(JsonValue::string(key));
    }
    json.set("keys", std::move(keys));
    json.set("file", JsonValue::string(plugin.file.string()));
    return json;
}

JsonValue summariesJson(const std::vector<PluginSummary>& plugins) {
    JsonValue array = JsonValue::array();
    for (const auto& plugin : plugins) {
        array.push(summaryJson(plugin));
    }
    return array;
}

JsonValue refusalsJson(const std::vector<PluginRefusal>& refusals) {
    JsonValue array = JsonValue::array();
    for (const auto& refusal : refusals) {
        JsonValue json = JsonValue::object();
        json.set("file", JsonValue::string(refusal.file.string()));
        json.set("reason", JsonValue::string(refusal.reason));
        array.push(std::move(json));
    }
    return array;
}

} // namespace

JsonValue pluginListJson(const std::filesystem::path& directory, const HandlerRegistry& registry) {
    JsonValue json = JsonValue::object();
    json.set("directory", JsonValue::string(directory.string()));
    std::vector<PluginSummary> plugins;
    for (const auto& plugin : registry.plugins()) {
        plugins.push_back(plugin->summary());
    }
    json.set("plugins", summariesJson(plugins));
    json.set("refused", refusalsJson(registry.refusals()));
    return json;
}

JsonValue reloadReportJson(const std::filesystem::path& directory, const ReloadReport& report) {
    JsonValue json = JsonValue::object();
    json.set("directory", JsonValue::string(directory.string()));
    json.set("summary", JsonValue::string(report.summaryLine()));
    json.set("problem", report.problem ? JsonValue::string(*report.problem) : JsonValue());
    json.set("loaded", summariesJson(report.loaded));
    JsonValue replaced = JsonValue::array();
    for (const auto& replacement : report.replaced) {
        JsonValue entry = JsonValue::object();
        entry.set("name", JsonValue::string(replacement.after.name));
        entry.set("from", JsonValue::string(replacement.before.version));
        entry.set("to", JsonValue::string(replacement.after.version));
        entry.set("file", JsonValue::string(replacement.after.file.string()));
        replaced.push(std::move(entry));
    }
    json.set("replaced", std::move(replaced));
    json.set("unchanged", summariesJson(report.unchanged));
    json.set("removed", summariesJson(report.removed));
    json.set("refused", refusalsJson(report.refused));
    return json;
}

} // namespace msgx::plugin
