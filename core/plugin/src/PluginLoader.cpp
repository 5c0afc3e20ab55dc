#include "msgx/plugin/PluginLoader.h"

#include "msgx/codec/Ascii.h"
#include "msgx/sdk/PluginAbi.h"

#include <algorithm>
#include <array>
#include <dlfcn.h>
#include <set>
#include <utility>

namespace msgx::plugin {

namespace {

// Closes a dlopen handle unless released to a LoadedPlugin.
class OpenLibrary {
public:
    explicit OpenLibrary(void* handle) : handle_(handle) {}
    ~OpenLibrary() {
        if (handle_ != nullptr) {
            ::dlclose(handle_);
        }
    }
    OpenLibrary(const OpenLibrary&) = delete;
    OpenLibrary& operator=(const OpenLibrary&) = delete;
    [[nodiscard]] void* get() const { return handle_; }
    void* release() { return std::exchange(handle_, nullptr); }

private:
    void* handle_;
};

bool isPluginName(std::string_view name) {
    return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
        return codec::isAsciiLower(c) || codec::isAsciiDigit(c) || c == '.' || c == '_' || c == '-';
    });
}

bool isUpperAlnum(std::string_view part) {
    return !part.empty() && std::all_of(part.begin(), part.end(), [](char c) {
        return codec::isAsciiUpper(c) || codec::isAsciiDigit(c);
    });
}

// "TYPE-STYP" as codec::routingKey writes it.
bool isRoutingKey(std::string_view key) {
    const auto dash = key.find('-');
    return dash != std::string_view::npos && isUpperAlnum(key.substr(0, dash)) &&
           isUpperAlnum(key.substr(dash + 1));
}

std::string text(const char* value) {
    return value == nullptr ? std::string() : std::string(value);
}

} // namespace

const char* hostBuildTag() {
    return MSGX_PLUGIN_BUILD_TAG;
}

LoadResult loadPluginFile(const std::filesystem::path& file, const std::filesystem::path& openAs) {
    const auto refuse = [&file](std::string reason) { return PluginRefusal{file, std::move(reason)}; };
    const std::optional<FileIdentity> identity = FileIdentity::of(file);
    if (!identity) {
        return refuse("cannot be read");
    }
    ::dlerror();
    OpenLibrary library(::dlopen((openAs.empty() ? file : openAs).c_str(), RTLD_NOW | RTLD_LOCAL));
    if (library.get() == nullptr) {
        const char* why = ::dlerror();
        return refuse(std::string("cannot be loaded: ") + (why != nullptr ? why : "unknown dlopen error"));
    }
    void* symbol = ::dlsym(library.get(), MSGX_PLUGIN_ENTRY_SYMBOL);
    if (symbol == nullptr) {
        return refuse("has no entry symbol " MSGX_PLUGIN_ENTRY_SYMBOL
                      ": not a msgexchange handler plugin (plugins/README.md)");
    }
    const auto entry = reinterpret_cast<MsgxPluginEntryV1>(symbol);
    const MsgxPluginDescriptorV1* descriptor = entry();
    if (descriptor == nullptr) {
        return refuse("entry symbol " MSGX_PLUGIN_ENTRY_SYMBOL " returned no descriptor");
    }
    if (descriptor->abi_version != MSGX_PLUGIN_ABI_VERSION) {
        return refuse("ABI version " + std::to_string(descriptor->abi_version) + ", this host speaks " +
                      std::to_string(MSGX_PLUGIN_ABI_VERSION) +
                      ": rebuild the plugin against this host's SDK");
    }
    const std::string tag = text(descriptor->build_tag);
    if (tag != hostBuildTag()) {
        return refuse("built with '" + tag + "', this host with '" + hostBuildTag() +
                      "': rebuild the plugin with the host's compiler and standard library");
    }
    PluginSummary summary;
    summary.name = text(descriptor->name);
    summary.version = text(descriptor->version);
    summary.sdkVersion = text(descriptor->sdk_version);
    summary.file = file;
    if (!isPluginName(summary.name)) {
        return refuse("plugin name '" + summary.name + "' is not 1-64 characters of a-z 0-9 . _ -");
    }
    const std::optional<SemanticVersion> version = SemanticVersion::parse(summary.version);
    if (!version) {
        return refuse("plugin " + summary.name + " has version '" + summary.version +
                      "', expected MAJOR.MINOR.PATCH");
    }
    std::set<std::string> seen;
    for (const char* const* key = descriptor->keys; key != nullptr && *key != nullptr; ++key) {
        const std::string value(*key);
        if (!isRoutingKey(value)) {
            return refuse("plugin " + summary.name + " declares key '" + value +
                          "', expected TYPE-STYP in upper-case letters and digits");
        }
        if (!seen.insert(value).second) {
            return refuse("plugin " + summary.name + " declares key " + value + " twice");
        }
        summary.keys.push_back(value);
    }
    if (summary.keys.empty()) {
        return refuse("plugin " + summary.name + " serves no key");
    }
    if (descriptor->create == nullptr || descriptor->destroy == nullptr) {
        return refuse("plugin " + summary.name + " has no create or destroy function");
    }
    std::array<char, 512> error{};
    void* handler = descriptor->create(error.data(), error.size());
    if (handler == nullptr) {
        error.back() = '\0';
        return refuse("plugin " + summary.name + " " + summary.version + " failed to create its handler: " +
                      (error[0] != '\0' ? error.data() : "no reason given"));
    }
    return std::make_shared<const LoadedPlugin>(library.release(), handler, descriptor->destroy,
                                                std::move(summary), *version, *identity);
}

} // namespace msgx::plugin
