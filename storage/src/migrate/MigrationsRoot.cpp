#include "msgx/storage/Migrations.h"

#include <system_error>

namespace msgx::storage {

std::filesystem::path currentExecutable() {
    std::error_code error;
    auto path = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::filesystem::path() : path;
}

std::filesystem::path findMigrationsRoot(const std::optional<std::filesystem::path>& given,
                                         const std::filesystem::path& executable) {
    std::error_code error;
    if (given) {
        if (!std::filesystem::is_directory(*given, error)) {
            throw MigrationError("migrations folder " + given->string() + " does not exist");
        }
        return *given;
    }
    std::vector<std::filesystem::path> candidates;
    if (!executable.empty()) {
        candidates.push_back(executable.parent_path().parent_path() / "share" / "msgx" / "migrations");
    }
#ifdef MSGX_SOURCE_MIGRATIONS_DIR
    candidates.emplace_back(MSGX_SOURCE_MIGRATIONS_DIR);
#endif
    std::string looked;
    for (const auto& candidate : candidates) {
        if (std::filesystem::is_directory(candidate, error)) {
            return candidate;
        }
        looked += (looked.empty() ? "" : ", ") + candidate.string();
    }
    throw MigrationError("no migrations folder found (looked at: " + looked +
                         "); give one with --migrations");
}

} // namespace msgx::storage
