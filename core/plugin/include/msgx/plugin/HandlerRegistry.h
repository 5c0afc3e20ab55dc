#pragma once

#include "msgx/plugin/LoadedPlugin.h"
#include "msgx/plugin/PluginLoader.h"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::plugin {

// One immutable state of the host: the plugins in service, each key served by exactly one of them,
// and the files refused at the scan that made it. The host swaps whole registries, so a reader
// holding one sees a consistent state for as long as it keeps it.
class HandlerRegistry {
public:
    HandlerRegistry() = default;
    // `plugins` must not share a key or a name (the host resolves that before).
    HandlerRegistry(std::vector<std::shared_ptr<const LoadedPlugin>> plugins,
                    std::vector<PluginRefusal> refusals);

    // The plugin serving `key` ("FLOP-STND"), nullptr when none does.
    [[nodiscard]] std::shared_ptr<const LoadedPlugin> pluginFor(std::string_view key) const;
    // The plugin named `name`, nullptr when none is.
    [[nodiscard]] std::shared_ptr<const LoadedPlugin> pluginNamed(std::string_view name) const;
    // In service, by name.
    [[nodiscard]] const std::vector<std::shared_ptr<const LoadedPlugin>>& plugins() const { return plugins_; }
    // Refused at the scan that made this registry, by file.
    [[nodiscard]] const std::vector<PluginRefusal>& refusals() const { return refusals_; }

private:
    std::vector<std::shared_ptr<const LoadedPlugin>> plugins_;
    std::map<std::string, std::shared_ptr<const LoadedPlugin>, std::less<>> byKey_;
    std::vector<PluginRefusal> refusals_;
};

} // namespace msgx::plugin
