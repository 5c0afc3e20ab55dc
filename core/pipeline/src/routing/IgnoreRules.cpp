#include "msgx/pipeline/routing/IgnoreRules.h"

#include "msgx/codec/Ascii.h"

namespace msgx::pipeline {

namespace {

// Iterative glob match with backtracking to the last '*'.
bool globMatches(std::string_view pattern, std::string_view text) {
    std::size_t p = 0, t = 0, starP = std::string_view::npos, starT = 0;
    while (t < text.size()) {
        if (p < pattern.size() &&
            (pattern[p] == '?' || codec::toAsciiUpper(pattern[p]) == codec::toAsciiUpper(text[t]))) {
            ++p;
            ++t;
        } else if (p < pattern.size() && pattern[p] == '*') {
            starP = p++;
            starT = t;
        } else if (starP != std::string_view::npos) {
            p = starP + 1;
            t = ++starT;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*') {
        ++p;
    }
    return p == pattern.size();
}

} // namespace

IgnoreRules::IgnoreRules(std::vector<std::string> patterns) : patterns_(std::move(patterns)) {}

std::optional<std::string> IgnoreRules::match(std::string_view key) const {
    for (const std::string& pattern : patterns_) {
        if (globMatches(pattern, key)) {
            return pattern;
        }
    }
    return std::nullopt;
}

} // namespace msgx::pipeline
