#include "UnitNumber.h"

namespace msgx::config::detail {

namespace {
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
} // namespace

UnitNumber splitUnitNumber(std::string_view text) {
    UnitNumber out;
    std::size_t i = 0;
    while (i < text.size() && isDigit(text[i])) {
        ++i;
    }
    const std::string_view digits = text.substr(0, i);
    const std::string_view rest = text.substr(i);
    bool restIsLetters = !rest.empty();
    for (char c : rest) {
        restIsLetters = restIsLetters && isLetter(c);
    }
    if (digits.empty() || (!rest.empty() && !restIsLetters)) {
        return out;
    }
    if (rest.empty()) {
        out.problem = "the unit is missing";
        return out;
    }
    if (digits.size() > 18) {
        out.problem = "too large";
        return out;
    }
    for (char c : digits) {
        out.number = out.number * 10 + static_cast<std::uint64_t>(c - '0');
    }
    out.unit = rest;
    out.valid = true;
    return out;
}

} // namespace msgx::config::detail
