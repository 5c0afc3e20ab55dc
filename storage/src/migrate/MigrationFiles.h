#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace msgx::storage {

// One migration file `V<n>__<name>.sql`.
struct MigrationFile {
    int version = 0;
    std::string name; // "V2__processing_state"
    std::filesystem::path path;
    std::string checksum;                // SHA-256 (hex) of the text with CRLF read as LF
    std::vector<std::string> statements; // splitSqlScript() of the text
};

// The migrations of one dialect folder, ordered by version. Files not named V<n>__<name>.sql are
// ignored except *.sql ones, which are refused (a typo must not silently skip a migration). Throws
// MigrationError when the folder is missing or empty, a version appears twice, the versions do not
// run 1, 2, ... without gaps, a name is longer than 200 characters, or a file has no statement.
std::vector<MigrationFile> loadMigrationFiles(const std::filesystem::path& dialectDirectory);

// The checksum as stored in SCHEMA_VERSION.CHECKSUM.
std::string migrationChecksum(const std::string& text);

} // namespace msgx::storage
