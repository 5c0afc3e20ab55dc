#pragma once

#include "msgx/plugin/LoadedPlugin.h"
#include "msgx/plugin/PluginLoader.h"

#include <optional>
#include <string>
#include <vector>

namespace msgx::plugin {

// What one rescan of plugins.dir did (PluginHost::reload), for the log, `msgxctl plugins reload`
// and tests.
struct ReloadReport {
    struct Replacement {
        PluginSummary before;
        PluginSummary after;
    };

    std::vector<PluginSummary> loaded;    // a plugin name not served before
    std::vector<Replacement> replaced;    // a newer version (or a rebuilt file) of a served plugin
    std::vector<PluginSummary> unchanged; // same file as before
    std::vector<PluginSummary> removed;   // served before, its file is gone
    std::vector<PluginRefusal> refused;   // not loaded, with why
    // Set when the scan could not run (e.g. the directory is missing); nothing changed then.
    std::optional<std::string> problem;

    // "2 loaded, 1 replaced, 3 unchanged, 0 removed, 1 refused".
    [[nodiscard]] std::string summaryLine() const;
};

} // namespace msgx::plugin
