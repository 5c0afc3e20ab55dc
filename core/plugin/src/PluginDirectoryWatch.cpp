#include "msgx/plugin/PluginDirectoryWatch.h"

#include <algorithm>
#include <sys/stat.h>

namespace msgx::plugin {

namespace fs = std::filesystem;

PluginDirectoryWatch::PluginDirectoryWatch(fs::path directory) : directory_(std::move(directory)) {
    loaded_ = listing();
    previous_ = loaded_;
}

std::vector<PluginDirectoryWatch::Entry> PluginDirectoryWatch::listing() const {
    std::vector<Entry> entries;
    std::error_code error;
    for (fs::directory_iterator it(directory_, error), end; !error && it != end; it.increment(error)) {
        if (it->path().extension() != ".so") {
            continue;
        }
        struct stat info {};
        if (::stat(it->path().c_str(), &info) != 0) { // follows symlinks: the file the loader opens
            continue;
        }
        entries.push_back(
            {it->path().filename().string(), static_cast<std::uintmax_t>(info.st_size),
             static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec,
             static_cast<std::uintmax_t>(info.st_ino)});
    }
    if (error) {
        return previous_;
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.name < b.name; });
    return entries;
}

bool PluginDirectoryWatch::changedSinceLoad() {
    std::vector<Entry> now = listing();
    const bool settled = now == previous_;
    previous_ = now;
    if (settled && now != loaded_) {
        loaded_ = std::move(now);
        return true;
    }
    return false;
}

} // namespace msgx::plugin
