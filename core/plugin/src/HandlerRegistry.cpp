#include "msgx/plugin/HandlerRegistry.h"

#include <algorithm>

namespace msgx::plugin {

HandlerRegistry::HandlerRegistry(std::vector<std::shared_ptr<const LoadedPlugin>> plugins,
                                 std::vector<PluginRefusal> refusals)
    : plugins_(std::move(plugins)), refusals_(std::move(refusals)) {
    std::sort(plugins_.begin(), plugins_.end(),
              [](const auto& a, const auto& b) { return a->name() < b->name(); });
    std::sort(refusals_.begin(), refusals_.end(),
              [](const auto& a, const auto& b) { return a.file < b.file; });
    for (const auto& plugin : plugins_) {
        for (const std::string& key : plugin->keys()) {
            byKey_.emplace(key, plugin);
        }
    }
}

std::shared_ptr<const LoadedPlugin> HandlerRegistry::pluginFor(std::string_view key) const {
    const auto found = byKey_.find(key);
    return found == byKey_.end() ? nullptr : found->second;
}

std::shared_ptr<const LoadedPlugin> HandlerRegistry::pluginNamed(std::string_view name) const {
    for (const auto& plugin : plugins_) {
        if (plugin->name() == name) {
            return plugin;
        }
    }
    return nullptr;
}

} // namespace msgx::plugin
