#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::http {

// A token file that cannot be used; the message names the file and the line, never a token.
class TokenFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The bearer tokens of one part of the API (http.ops-token-file, http.compat-token-file), each
// naming the operator it belongs to, so the audit says who (docs/http.md "Tokens").
//
// Format: one `<operator> <token>` per line; blank lines and lines starting with `#` are ignored.
// An operator name is 1..64 of letters, digits and `._@-`; a token is 16..512 printable characters
// without blanks. A repeated name or token is refused. The file must not be readable or writable by
// group or others (like an ssh key), else it is refused: a token file anyone can read protects
// nothing.
//
// Only SHA-256 digests of the tokens are kept. A presented token is hashed and compared with every
// digest, always all of them and every byte of each, so neither the time taken nor its length says
// how much of a token was right.
class TokenFile {
public:
    static TokenFile load(const std::filesystem::path& path);
    // For tests and load(): lines as in the file; `source` names it in errors.
    static TokenFile parse(std::string_view text, const std::string& source);

    // The operator whose token this is; nullopt for any other text.
    [[nodiscard]] std::optional<std::string> operatorFor(std::string_view token) const;
    [[nodiscard]] std::size_t size() const { return entries_.size(); }

private:
    using Digest = std::array<unsigned char, 32>;
    struct Entry {
        std::string name;
        Digest digest{};
    };
    static Digest digestOf(std::string_view token);

    std::vector<Entry> entries_;
};

} // namespace msgx::http
