#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace msgx::plugin::detail {

// Whoever may write a plugin file, or the folder that holds it, runs code as msgxd (docs/security.md
// "Plugins"). So a plugins folder, a plugin file, and the folder a link leads the file into must be
// owned by root or by the user msgxd runs as, and be writable by neither group nor others - the way
// a token file must be readable by nobody else (http::TokenFile). `path` is followed through links.
// nullopt when it may be trusted, else why not, naming the path and the fix.
std::optional<std::string> untrustedPathProblem(const std::filesystem::path& path);

// untrustedPathProblem of a plugin file (after links) and of the folder it really lies in.
std::optional<std::string> untrustedPluginFileProblem(const std::filesystem::path& file);

} // namespace msgx::plugin::detail
