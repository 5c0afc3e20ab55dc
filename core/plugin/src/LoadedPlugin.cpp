#include "msgx/plugin/LoadedPlugin.h"

#include <dlfcn.h>
#include <sys/stat.h>
#include <utility>

namespace msgx::plugin {

std::optional<FileIdentity> FileIdentity::of(const std::filesystem::path& file) {
    struct stat info {};
    if (::stat(file.c_str(), &info) != 0) {
        return std::nullopt;
    }
    FileIdentity identity;
    identity.device = info.st_dev;
    identity.inode = info.st_ino;
    identity.size = info.st_size;
    identity.modifiedNanoseconds =
        static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec;
    return identity;
}

LoadedPlugin::LoadedPlugin(void* library, void* handler, void (*destroy)(void*), PluginSummary summary,
                           SemanticVersion version, FileIdentity identity)
    : library_(library), handler_(handler), destroy_(destroy), summary_(std::move(summary)),
      version_(version), identity_(identity) {}

LoadedPlugin::~LoadedPlugin() {
    if (handler_ != nullptr) {
        destroy_(handler_);
    }
    if (library_ != nullptr) {
        ::dlclose(library_);
    }
}

std::string LoadedPlugin::describe() const {
    return summary_.name + " " + summary_.version + " (" + summary_.file.string() + ")";
}

} // namespace msgx::plugin
