#include "msgx/delivery/DispatcherSettings.h"

#include <algorithm>

namespace msgx::delivery {

DispatcherSettings DispatcherSettings::fromConfig(const config::DeliveryConfig& delivery,
                                                  const std::string& name) {
    DispatcherSettings settings;
    settings.target = name;
    settings.aggregated = name == "schd";
    if (settings.aggregated) {
        settings.batchSize = delivery.schdFlushLimit;
        settings.flushPeriod = delivery.schdFlushPeriod;
    }
    settings.maxAttempts = delivery.maxAttempts;
    settings.backoff = delivery.backoff;
    settings.backoffCap = delivery.backoffCap;
    settings.onDead = delivery.onDead;
    return settings;
}

std::chrono::milliseconds DispatcherSettings::backoffAfter(int attempts) const {
    if (backoff.empty()) {
        return backoffCap;
    }
    const auto index =
        static_cast<std::size_t>(std::clamp(attempts - 1, 0, static_cast<int>(backoff.size()) - 1));
    return std::min(backoff[index], backoffCap);
}

} // namespace msgx::delivery
