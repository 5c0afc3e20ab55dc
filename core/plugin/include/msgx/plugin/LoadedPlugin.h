#pragma once

#include "msgx/plugin/SemanticVersion.h"
#include "msgx/sdk/Handler.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace msgx::plugin {

// What identifies one version of a file on disk: a plugin file replaced (new inode) or rewritten
// (new size or modification time) is a different file for the host.
struct FileIdentity {
    std::uint64_t device = 0;
    std::uint64_t inode = 0;
    std::int64_t size = 0;
    std::int64_t modifiedNanoseconds = 0;

    // The identity of `file` (following symlinks); std::nullopt when it cannot be read.
    static std::optional<FileIdentity> of(const std::filesystem::path& file);
    bool operator==(const FileIdentity&) const = default;
};

// What the host tells about a plugin (plugins list, reload report, log lines).
struct PluginSummary {
    std::string name;
    std::string version;
    std::string sdkVersion;
    std::vector<std::string> keys;
    std::filesystem::path file;
};

// A handler plugin that passed the handshake and whose handler was created. Owns the dlopen handle
// and the handler: the destructor destroys the handler with the plugin's own `destroy`, then closes
// the library, so no code of the plugin runs after dlclose. Shared (std::shared_ptr) by the host's
// registry and by every HandlerLease, so a plugin replaced by a reload stays loaded until the
// message using it is finished.
class LoadedPlugin {
public:
    LoadedPlugin(void* library, void* handler, void (*destroy)(void*), PluginSummary summary,
                 SemanticVersion version, FileIdentity identity);
    ~LoadedPlugin();
    LoadedPlugin(const LoadedPlugin&) = delete;
    LoadedPlugin& operator=(const LoadedPlugin&) = delete;

    [[nodiscard]] const PluginSummary& summary() const { return summary_; }
    [[nodiscard]] const std::string& name() const { return summary_.name; }
    [[nodiscard]] const SemanticVersion& version() const { return version_; }
    [[nodiscard]] const std::vector<std::string>& keys() const { return summary_.keys; }
    [[nodiscard]] const std::filesystem::path& file() const { return summary_.file; }
    [[nodiscard]] const FileIdentity& identity() const { return identity_; }
    [[nodiscard]] const sdk::Handler& handler() const { return *static_cast<const sdk::Handler*>(handler_); }
    // "flop-stnd 1.0.0 (/usr/lib/msgx/handlers/flop-stnd.so)" for log lines.
    [[nodiscard]] std::string describe() const;

private:
    void* library_;
    void* handler_;
    void (*destroy_)(void*);
    PluginSummary summary_;
    SemanticVersion version_;
    FileIdentity identity_;
};

} // namespace msgx::plugin
