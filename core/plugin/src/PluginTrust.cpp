#include "PluginTrust.h"

#include <cstdio>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace msgx::plugin::detail {

namespace {

std::string octalMode(mode_t mode) {
    char text[8];
    std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
    return text;
}

} // namespace

std::optional<std::string> untrustedPathProblem(const std::filesystem::path& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        return path.string() + " cannot be read";
    }
    const uid_t self = ::geteuid();
    if (info.st_uid != 0 && info.st_uid != self) {
        return path.string() + " is owned by uid " + std::to_string(info.st_uid) +
               ", not by root or msgxd's user (uid " + std::to_string(self) +
               "): chown it (whoever owns it can change the code msgxd runs)";
    }
    if ((info.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
        return path.string() + " is writable by group or others (mode " + octalMode(info.st_mode) +
               "): chmod go-w it (whoever can write it runs code as msgxd)";
    }
    return std::nullopt;
}

std::optional<std::string> untrustedPluginFileProblem(const std::filesystem::path& file) {
    std::error_code error;
    const std::filesystem::path real = std::filesystem::canonical(file, error);
    if (error) {
        return file.string() + " cannot be resolved: " + error.message();
    }
    if (auto problem = untrustedPathProblem(real)) {
        return problem;
    }
    return untrustedPathProblem(real.parent_path());
}

} // namespace msgx::plugin::detail
