#pragma once

// The ASCII character tests and the upper- and lower-casing of the message formats and of the
// other texts msgexchange compares without regard to case (keys, HTTP names, connection strings): routing
// keys, sub-types, month tokens, codes and POSIX TZ names are ASCII (envelope.md), and so is what these
// functions look at. They ignore the C locale, unlike <cctype>, and take any char (a UTF-8 byte included,
// which <cctype> would make undefined behaviour): a byte outside the ASCII letters is kept as it is.

#include <string>
#include <string_view>

namespace msgx::codec {

constexpr bool isAsciiDigit(char c) {
    return c >= '0' && c <= '9';
}

constexpr bool isAsciiUpper(char c) {
    return c >= 'A' && c <= 'Z';
}

constexpr bool isAsciiLower(char c) {
    return c >= 'a' && c <= 'z';
}

constexpr bool isAsciiLetter(char c) {
    return isAsciiUpper(c) || isAsciiLower(c);
}

// 'a'..'z' as 'A'..'Z'; any other char unchanged.
constexpr char toAsciiUpper(char c) {
    return isAsciiLower(c) ? static_cast<char>(c - 'a' + 'A') : c;
}

namespace detail {
// `text` with `map` applied to every byte.
inline std::string eachByte(std::string_view text, char (*map)(char)) {
    std::string out(text);
    for (char& c : out) {
        c = map(c);
    }
    return out;
}
} // namespace detail

// `text` with its ASCII letters upper-cased, every other byte unchanged: "Psdt" -> "PSDT".
inline std::string toAsciiUpper(std::string_view text) {
    return detail::eachByte(text, toAsciiUpper);
}

// 'A'..'Z' as 'a'..'z'; any other char unchanged.
constexpr char toAsciiLower(char c) {
    return isAsciiUpper(c) ? static_cast<char>(c - 'A' + 'a') : c;
}

// `text` with its ASCII letters lower-cased, every other byte unchanged: "Bearer" -> "bearer".
inline std::string toAsciiLower(std::string_view text) {
    return detail::eachByte(text, toAsciiLower);
}

} // namespace msgx::codec
