#pragma once

#include "msgx/plugin/LoadedPlugin.h"

#include <filesystem>
#include <memory>
#include <string>
#include <variant>

namespace msgx::plugin {

// Why a plugin file was not loaded, in words an operator can act on, e.g.
// "ABI version 2, this host speaks 1: rebuild the plugin against this host's SDK".
struct PluginRefusal {
    std::filesystem::path file;
    std::string reason;
};

using LoadResult = std::variant<std::shared_ptr<const LoadedPlugin>, PluginRefusal>;

// This binary's build tag (MSGX_PLUGIN_BUILD_TAG as compiled into the host).
const char* hostBuildTag();

// Loads one plugin file and checks the handshake (sdk/PluginAbi.h), in this order, refusing at the
// first failure: dlopen(RTLD_NOW | RTLD_LOCAL) fails; the entry symbol is missing or returns no
// descriptor; abi_version differs from the host's; build_tag differs from the host's; the name is
// empty or not [a-z0-9._-]; the version is not MAJOR.MINOR.PATCH; no key, a key that is not
// "TYPE-STYP" in upper-case letters and digits, or a key listed twice; create() fails (its error
// text is in the reason). Key conflicts with other plugins are the registry's business.
//
// `openAs` is the path given to dlopen (default: `file`): the host passes a fresh alias when
// `file` was replaced while its old version is still loaded, because the dynamic loader would
// otherwise return the old library for the same path.
LoadResult loadPluginFile(const std::filesystem::path& file, const std::filesystem::path& openAs = {});

} // namespace msgx::plugin
