#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace msgx::delivery {

// What a target looks like now: the metrics hooks (pending per target, oldest pending age, DEAD
// count, send latency) and health for status and the ops API.
struct DispatcherStatus {
    std::string target;
    std::string sink; // DeliverySink::describe()
    bool healthy = true;
    std::string problem; // why unhealthy, or why held
    bool held = false;   // on-dead stop: waiting for `msgxctl events retry|skip`
    std::int64_t pending = 0;
    std::int64_t dead = 0;
    std::optional<std::chrono::milliseconds> oldestPendingAge;
    std::optional<std::chrono::milliseconds> lastSendLatency; // claim -> last report of a round
    std::int64_t sentTotal = 0; // events marked SENT by this dispatcher since start

    bool operator==(const DispatcherStatus&) const = default;
};

} // namespace msgx::delivery
