#include "migrate/MigrationFiles.h"

#include "migrate/SqlScript.h"
#include "msgx/storage/Migrations.h"

#include <Poco/SHA2Engine.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

namespace msgx::storage {

namespace {

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw MigrationError("cannot read migration file " + path.string());
    }
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string withoutCarriageReturns(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            continue;
        }
        out += text[i];
    }
    return out;
}

} // namespace

std::string migrationChecksum(const std::string& text) {
    Poco::SHA2Engine sha(Poco::SHA2Engine::SHA_256);
    sha.update(withoutCarriageReturns(text));
    return Poco::DigestEngine::digestToHex(sha.digest());
}

std::vector<MigrationFile> loadMigrationFiles(const std::filesystem::path& dialectDirectory) {
    std::error_code error;
    if (!std::filesystem::is_directory(dialectDirectory, error)) {
        throw MigrationError("migration folder " + dialectDirectory.string() + " does not exist");
    }
    static const std::regex kFileName(R"(V([1-9][0-9]{0,8})__([A-Za-z0-9_]+)\.sql)");
    std::map<int, MigrationFile> byVersion;
    for (const auto& entry : std::filesystem::directory_iterator(dialectDirectory)) {
        const std::string fileName = entry.path().filename().string();
        if (entry.path().extension() != ".sql") {
            continue;
        }
        std::smatch match;
        if (!std::regex_match(fileName, match, kFileName)) {
            throw MigrationError("migration file " + entry.path().string() +
                                 " is not named V<n>__<name>.sql (letters, digits and _ in the name)");
        }
        MigrationFile file;
        file.version = std::stoi(match[1].str());
        file.name = fileName.substr(0, fileName.size() - 4);
        file.path = entry.path();
        if (file.name.size() > 200) {
            throw MigrationError("migration file name " + fileName + " is longer than 200 characters");
        }
        const std::string text = readFile(entry.path());
        file.checksum = migrationChecksum(text);
        try {
            file.statements = splitSqlScript(text);
        } catch (const std::invalid_argument& e) {
            throw MigrationError("migration file " + entry.path().string() + ": " + e.what());
        }
        if (file.statements.empty()) {
            throw MigrationError("migration file " + entry.path().string() + " has no statement");
        }
        const int version = file.version;
        const auto [existing, inserted] = byVersion.emplace(version, std::move(file));
        if (!inserted) {
            throw MigrationError("migration version " + std::to_string(version) + " appears twice: " +
                                 existing->second.path.string() + " and " + entry.path().string());
        }
    }
    if (byVersion.empty()) {
        throw MigrationError("migration folder " + dialectDirectory.string() +
                             " has no V<n>__<name>.sql file");
    }
    std::vector<MigrationFile> files;
    int expected = 1;
    for (auto& [version, file] : byVersion) {
        if (version != expected) {
            throw MigrationError("migration V" + std::to_string(expected) + " is missing in " +
                                 dialectDirectory.string() + " (next found: " + file.name + ")");
        }
        files.push_back(std::move(file));
        ++expected;
    }
    return files;
}

} // namespace msgx::storage
