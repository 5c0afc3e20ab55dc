#include "KeyPath.h"

namespace msgx::config::detail {

KeyPath::KeyPath(std::string_view dotted) {
    while (!dotted.empty()) {
        const std::size_t dot = dotted.find('.');
        segments_.emplace_back(dotted.substr(0, dot));
        if (dot == std::string_view::npos) {
            break;
        }
        dotted.remove_prefix(dot + 1);
    }
}

KeyPath KeyPath::operator/(std::string segment) const {
    KeyPath out = *this;
    out.segments_.push_back(std::move(segment));
    return out;
}

KeyPath KeyPath::parent() const {
    KeyPath out = *this;
    if (!out.segments_.empty()) {
        out.segments_.pop_back();
    }
    return out;
}

std::string KeyPath::text() const {
    std::string out;
    for (const std::string& s : segments_) {
        if (!out.empty()) {
            out += '.';
        }
        out += s;
    }
    return out;
}

} // namespace msgx::config::detail
