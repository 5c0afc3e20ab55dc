#include "msgx/plugin/SemanticVersion.h"

#include <charconv>

namespace msgx::plugin {

namespace {

// One numeric identifier: digits, no leading zero unless it is "0".
bool readNumber(std::string_view part, unsigned long& out) {
    if (part.empty() || part.size() > 9 || (part.size() > 1 && part.front() == '0')) {
        return false;
    }
    for (char c : part) {
        if (c < '0' || c > '9') {
            return false;
        }
    }
    std::from_chars(part.data(), part.data() + part.size(), out);
    return true;
}

} // namespace

std::optional<SemanticVersion> SemanticVersion::parse(std::string_view text) {
    const auto firstDot = text.find('.');
    if (firstDot == std::string_view::npos) {
        return std::nullopt;
    }
    const auto secondDot = text.find('.', firstDot + 1);
    if (secondDot == std::string_view::npos) {
        return std::nullopt;
    }
    SemanticVersion version;
    if (!readNumber(text.substr(0, firstDot), version.major) ||
        !readNumber(text.substr(firstDot + 1, secondDot - firstDot - 1), version.minor) ||
        !readNumber(text.substr(secondDot + 1), version.patch)) {
        return std::nullopt;
    }
    return version;
}

std::string SemanticVersion::toString() const {
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

} // namespace msgx::plugin
