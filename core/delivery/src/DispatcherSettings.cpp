#include "msgx/delivery/DispatcherSettings.h"

#include <algorithm>

namespace msgx::delivery {

std::chrono::milliseconds DispatcherSettings::backoffAfter(int attempts) const {
    if (backoff.empty()) {
        return backoffCap;
    }
    const auto index =
        static_cast<std::size_t>(std::clamp(attempts - 1, 0, static_cast<int>(backoff.size()) - 1));
    return std::min(backoff[index], backoffCap);
}

} // namespace msgx::delivery
