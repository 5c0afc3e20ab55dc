#include "LayoutTable.h"

namespace msgx::abi {

namespace {

bool isWordCharacter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// A character after which a following word is spaced off: "T* const", "int(long) const", "X> y".
bool endsADeclarator(char c) {
    return c == ')' || c == '*' || c == '&' || c == '>';
}

} // namespace

std::string normalisedSpelling(std::string_view spelled) {
    std::string out;
    bool whitespaceBefore = false;
    for (const char c : spelled) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            whitespaceBefore = true;
            continue;
        }
        if (!out.empty() && isWordCharacter(c) &&
            (endsADeclarator(out.back()) || (whitespaceBefore && isWordCharacter(out.back())))) {
            out += ' ';
        }
        whitespaceBefore = false;
        out += c;
        if (c == ',') {
            out += ' ';
        }
    }
    return out;
}

} // namespace msgx::abi
