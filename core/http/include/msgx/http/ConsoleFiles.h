#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace msgx::http {

// The operations console's static files (docs/console.md), read into memory once at start from
// http.console-dir, so no request ever reaches the file system: only regular files directly in that
// folder (no symbolic links, no sub-directories), named with lower-case letters, digits, '.', '_'
// and '-', of a known type (.html, .js, .css, .svg, .png), at most 1 MB each. Anything else in the
// folder is left out and logged.
class ConsoleFiles {
public:
    struct File {
        std::string contentType;
        std::string content;
    };

    // An absent or unreadable folder gives no files (the console answers 404) and a warning.
    static ConsoleFiles load(const std::filesystem::path& dir);

    // The file named `name` ("index.html"), or nullopt.
    [[nodiscard]] const File* find(const std::string& name) const;
    [[nodiscard]] std::size_t size() const { return files_.size(); }

private:
    std::map<std::string, File> files_;
};

} // namespace msgx::http
