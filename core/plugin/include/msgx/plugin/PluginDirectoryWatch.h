#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace msgx::plugin {

// `plugins.watch` (architecture.md §5 "Hot add"): notices that the plugins directory changed so the
// daemon rescans it without SIGHUP. It compares what a listing shows of each plugin file (name,
// size, modification time, inode), never file contents. A change is reported only once two checks
// in a row saw the same new listing, so a plugin still being copied is not loaded half-written; the
// caller checks at a fixed period and reloads (PluginHost::reload swaps plugins in at the pump's
// next message boundary). A directory that cannot be read is reported as no change.
class PluginDirectoryWatch {
public:
    // Takes the current listing as the one already loaded.
    explicit PluginDirectoryWatch(std::filesystem::path directory);

    // True when the listing differs from the one loaded and is the same as at the previous check;
    // the listing then counts as loaded.
    bool changedSinceLoad();

private:
    struct Entry {
        std::string name;
        std::uintmax_t size = 0;
        std::int64_t modified = 0;
        std::uintmax_t inode = 0;
        bool operator==(const Entry&) const = default;
    };
    [[nodiscard]] std::vector<Entry> listing() const;

    std::filesystem::path directory_;
    std::vector<Entry> loaded_;
    std::vector<Entry> previous_;
};

} // namespace msgx::plugin
