#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace msgx::storage {

// The migrations cannot be applied as they are: a file is missing, malformed or out of sequence, or
// an applied migration's file was edited (checksum mismatch), or the database has migrations this
// build does not know. Nothing was changed when this is thrown.
class MigrationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct MigrationReport {
    int versionBefore = 0;            // highest complete version found (0: empty database)
    int versionAfter = 0;             // highest complete version now
    std::vector<std::string> applied; // "V2__processing_state" in the order applied
};

// Where the migration folders (one per dialect) are: `given` when set; else
// `<prefix>/share/msgx/migrations` where <prefix> is the parent of the executable's directory
// (installed: /usr/bin/msgxctl -> /usr/share/msgx/migrations; in a build tree the build copies them
// there too); else the source tree's storage/migrations when this build knows it. Throws
// MigrationError listing the places looked at when none exists.
std::filesystem::path findMigrationsRoot(const std::optional<std::filesystem::path>& given,
                                         const std::filesystem::path& executable);

// The directory of the running executable (/proc/self/exe's parent).
std::filesystem::path currentExecutable();

} // namespace msgx::storage
