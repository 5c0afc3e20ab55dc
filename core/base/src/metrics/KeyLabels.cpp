#include "msgx/metrics/KeyLabels.h"

#include <algorithm>

namespace msgx::metrics {

namespace {

constexpr std::size_t kMaxPart = 16;

bool isKeyPart(std::string_view part) {
    return !part.empty() && part.size() <= kMaxPart && std::all_of(part.begin(), part.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    });
}

bool isKeyShaped(std::string_view key) {
    const std::size_t dash = key.find('-');
    return dash != std::string_view::npos && isKeyPart(key.substr(0, dash)) &&
           isKeyPart(key.substr(dash + 1));
}

} // namespace

void KeyLabels::setLimit(std::size_t limit) {
    const std::lock_guard lock(mutex_);
    limit_ = limit;
}

void KeyLabels::setServed(const std::vector<std::string>& keys) {
    const std::lock_guard lock(mutex_);
    served_ = std::set<std::string, std::less<>>(keys.begin(), keys.end());
}

std::string KeyLabels::labelFor(std::string_view key) {
    if (key.empty()) {
        return "unknown";
    }
    const std::lock_guard lock(mutex_);
    if (labelled_.contains(key)) {
        return std::string(key);
    }
    if (served_.contains(key)) {
        return *labelled_.emplace(key).first;
    }
    if (unknownLabelled_ < limit_ && isKeyShaped(key)) {
        ++unknownLabelled_;
        return *labelled_.emplace(key).first;
    }
    return std::string(kOther);
}

} // namespace msgx::metrics
