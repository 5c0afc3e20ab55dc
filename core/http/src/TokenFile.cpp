#include "msgx/http/TokenFile.h"

#include "msgx/codec/Ascii.h"

#include <Poco/SHA2Engine.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/stat.h>

namespace msgx::http {

namespace {

constexpr std::size_t kMaxName = 64;
constexpr std::size_t kMinToken = 16;
constexpr std::size_t kMaxToken = 512;

bool isNameChar(char c) {
    return codec::isAsciiLetter(c) || codec::isAsciiDigit(c) || c == '.' || c == '_' || c == '@' || c == '-';
}

bool isTokenChar(char c) {
    return c > ' ' && c < 0x7f;
}

bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && isBlank(s.front())) {
        s.remove_prefix(1);
    }
    while (!s.empty() && isBlank(s.back())) {
        s.remove_suffix(1);
    }
    return s;
}

} // namespace

TokenFile TokenFile::load(const std::filesystem::path& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        throw TokenFileError("token file " + path.string() + " cannot be read");
    }
    if ((info.st_mode & 077) != 0) {
        throw TokenFileError("token file " + path.string() +
                             " is readable or writable by group or others; chmod 600 it (it holds secrets)");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw TokenFileError("token file " + path.string() + " cannot be read");
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parse(text.str(), path.string());
}

TokenFile TokenFile::parse(std::string_view text, const std::string& source) {
    TokenFile file;
    std::set<std::string> names;
    std::set<Digest> digests;
    int lineNumber = 0;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        const std::string_view line = trimmed(text.substr(0, end));
        text.remove_prefix(std::min(end + 1, text.size()));
        ++lineNumber;
        if (line.empty() || line.front() == '#') {
            continue;
        }
        const std::string where = source + " line " + std::to_string(lineNumber);
        const auto blank = std::find_if(line.begin(), line.end(), isBlank);
        const std::string_view name = line.substr(0, static_cast<std::size_t>(blank - line.begin()));
        const std::string_view token = trimmed(line.substr(name.size()));
        if (name.empty() || name.size() > kMaxName || !std::all_of(name.begin(), name.end(), isNameChar)) {
            throw TokenFileError(where + ": the operator name must be 1..64 letters, digits or ._@-");
        }
        if (token.size() < kMinToken || token.size() > kMaxToken ||
            !std::all_of(token.begin(), token.end(), isTokenChar)) {
            throw TokenFileError(where + ": the token of " + std::string(name) +
                                 " must be 16..512 printable characters without blanks");
        }
        if (!names.insert(std::string(name)).second) {
            throw TokenFileError(where + ": operator " + std::string(name) + " is named twice");
        }
        const Digest digest = digestOf(token);
        if (!digests.insert(digest).second) {
            throw TokenFileError(where + ": the token of " + std::string(name) +
                                 " is also another operator's token");
        }
        file.entries_.push_back(Entry{std::string(name), digest});
    }
    return file;
}

TokenFile::Digest TokenFile::digestOf(std::string_view token) {
    Poco::SHA2Engine engine(Poco::SHA2Engine::SHA_256);
    engine.update(token.data(), static_cast<unsigned>(token.size()));
    const Poco::DigestEngine::Digest& bytes = engine.digest();
    Digest digest{};
    std::copy_n(bytes.begin(), digest.size(), digest.begin());
    return digest;
}

std::optional<std::string> TokenFile::operatorFor(std::string_view token) const {
    const Digest presented = digestOf(token);
    std::size_t found = entries_.size();
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        unsigned difference = 0;
        for (std::size_t b = 0; b < presented.size(); ++b) {
            difference |= static_cast<unsigned>(presented[b] ^ entries_[i].digest[b]);
        }
        // No branch on the comparison's outcome inside the loop: every entry costs the same.
        const std::size_t match = static_cast<std::size_t>(difference == 0);
        found = match * i + (1 - match) * found;
    }
    if (found == entries_.size()) {
        return std::nullopt;
    }
    return entries_[found].name;
}

} // namespace msgx::http
