#include "msgx/http/ConsoleFiles.h"

#include "msgx/codec/Ascii.h"
#include "msgx/log/Log.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace msgx::http {

namespace {

constexpr std::uintmax_t kMaxFileSize = 1024 * 1024;

std::optional<std::string> contentTypeOf(const std::string& name) {
    static const std::map<std::string, std::string> kTypes{{".html", "text/html; charset=utf-8"},
                                                           {".js", "text/javascript; charset=utf-8"},
                                                           {".css", "text/css; charset=utf-8"},
                                                           {".svg", "image/svg+xml"},
                                                           {".png", "image/png"}};
    const auto dot = name.rfind('.');
    if (dot == std::string::npos) {
        return std::nullopt;
    }
    const auto found = kTypes.find(name.substr(dot));
    return found == kTypes.end() ? std::nullopt : std::optional(found->second);
}

bool isPlainName(const std::string& name) {
    return !name.empty() && name.front() != '.' && std::all_of(name.begin(), name.end(), [](char c) {
        return codec::isAsciiLower(c) || codec::isAsciiDigit(c) || c == '.' || c == '_' || c == '-';
    });
}

} // namespace

ConsoleFiles ConsoleFiles::load(const std::filesystem::path& dir) {
    ConsoleFiles files;
    std::error_code error;
    std::filesystem::directory_iterator it(dir, error);
    if (error) {
        log::warn("http: console directory {} cannot be read ({}): /console/ answers 404", dir.string(),
                  error.message());
        return files;
    }
    for (const auto& entry : it) {
        const std::string name = entry.path().filename().string();
        const auto type = contentTypeOf(name);
        if (!entry.is_regular_file(error) || entry.is_symlink(error) || !isPlainName(name) || !type ||
            entry.file_size(error) > kMaxFileSize) {
            log::warn("http: console file {} left out (only plain .html/.js/.css/.svg/.png files of at most "
                      "1 MB, lower-case names, no links)",
                      entry.path().string());
            continue;
        }
        std::ifstream in(entry.path(), std::ios::binary);
        std::ostringstream content;
        content << in.rdbuf();
        files.files_[name] = File{*type, content.str()};
    }
    log::info("http: console {} file(s) from {}", files.files_.size(), dir.string());
    return files;
}

const ConsoleFiles::File* ConsoleFiles::find(const std::string& name) const {
    const auto found = files_.find(name);
    return found == files_.end() ? nullptr : &found->second;
}

} // namespace msgx::http
