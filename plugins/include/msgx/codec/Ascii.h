#pragma once

// The ASCII character tests and the upper-casing of the message formats: routing keys, sub-types,
// month tokens, codes and POSIX TZ names are ASCII (envelope.md), and so is what these functions
// look at. They ignore the C locale, unlike <cctype>, and take any char (a UTF-8 byte included,
// which <cctype> would make undefined behaviour): a byte outside the ASCII letters is kept as it is.

#include <string>
#include <string_view>

namespace msgx::codec {

constexpr bool isAsciiDigit(char c) {
    return c >= '0' && c <= '9';
}

constexpr bool isAsciiLetter(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

// 'a'..'z' as 'A'..'Z'; any other char unchanged.
constexpr char toAsciiUpper(char c) {
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

// `text` with its ASCII letters upper-cased, every other byte unchanged: "Psdt" -> "PSDT".
inline std::string toAsciiUpper(std::string_view text) {
    std::string upper(text);
    for (char& c : upper) {
        c = toAsciiUpper(c);
    }
    return upper;
}

} // namespace msgx::codec
