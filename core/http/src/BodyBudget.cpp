#include "msgx/http/BodyBudget.h"

#include <algorithm>

namespace msgx::http {

bool BodyBudget::reserve(std::uint64_t bytes) {
    const std::lock_guard lock(mutex_);
    if (bytes > capacity_ - inUse_) {
        return false;
    }
    inUse_ += bytes;
    return true;
}

void BodyBudget::release(std::uint64_t bytes) {
    const std::lock_guard lock(mutex_);
    inUse_ -= std::min(bytes, inUse_);
}

std::uint64_t BodyBudget::inUse() const {
    const std::lock_guard lock(mutex_);
    return inUse_;
}

} // namespace msgx::http
