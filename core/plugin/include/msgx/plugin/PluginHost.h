#pragma once

#include "msgx/plugin/HandlerRegistry.h"
#include "msgx/plugin/ReloadReport.h"

#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>

namespace msgx::plugin {

// The handler of one message, kept loaded while the lease lives (architecture.md §5: plugins are
// swapped at a message boundary). Take one per message and drop it when the message is done; a
// reload in between does not affect it.
class HandlerLease {
public:
    explicit HandlerLease(std::shared_ptr<const LoadedPlugin> plugin) : plugin_(std::move(plugin)) {}

    [[nodiscard]] const LoadedPlugin& plugin() const { return *plugin_; }
    [[nodiscard]] const sdk::Handler& handler() const { return plugin_->handler(); }

private:
    std::shared_ptr<const LoadedPlugin> plugin_;
};

// Loads the handler plugins of one directory (plugins.dir) and routes keys to them.
//
// reload() rescans the directory: every regular file (or link to one) named *.so is a candidate;
// a file unchanged since the last scan keeps its loaded plugin, a new or changed file is loaded
// (PluginLoader). Of several files of one plugin name, the highest version wins and the others are
// refused; a plugin declaring a key that another plugin serves is refused whole, the plugin that
// served it before keeping it. Every refusal is logged at warning level with its reason, every
// change at info level. The new registry is swapped in atomically: acquire() before the swap gets
// the old plugin, after it the new one; a replaced plugin is unloaded when its last lease is gone.
//
// Whoever may write the plugin code runs code as msgxd (docs/security.md "Plugins"): a directory
// that is not owned by root or this process's user, or that group or others may write, loads
// nothing (the report's `problem` says why, the loaded plugins stay); a file of that kind - or one a
// link leads into such a folder - is refused with the reason. A replaced file is opened through a
// link in a folder of our own made by mkdtemp. Every reload tells the metrics which keys are served
// (their labels are never bounded away, metrics::KeyLabels).
//
// acquire() and snapshot() may be called from any thread at any time; reload() calls are
// serialised.
class PluginHost {
public:
    explicit PluginHost(std::filesystem::path directory);
    ~PluginHost();
    PluginHost(const PluginHost&) = delete;
    PluginHost& operator=(const PluginHost&) = delete;

    [[nodiscard]] const std::filesystem::path& directory() const { return directory_; }

    // Rescans the directory (see above). When the directory cannot be listed, nothing changes and
    // the report's `problem` says why.
    ReloadReport reload();

    // The handler serving `key` for one message; std::nullopt when no plugin serves it
    // (the message is FAILED(UNSUPPORTED) and succeeds on a retry after a plugin for it is added).
    [[nodiscard]] std::optional<HandlerLease> acquire(std::string_view key) const;

    // The current registry (plugins list).
    [[nodiscard]] std::shared_ptr<const HandlerRegistry> snapshot() const;

private:
    std::filesystem::path directory_;
    std::mutex reloadMutex_;          // one reload at a time
    mutable std::mutex currentMutex_; // guards current_ (held only to copy or swap the pointer)
    std::shared_ptr<const HandlerRegistry> current_;
    std::filesystem::path aliasDirectory_; // fresh dlopen names for replaced files, mkdtemp on demand
};

} // namespace msgx::plugin
