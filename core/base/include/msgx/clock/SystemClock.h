#pragma once

#include "msgx/clock/Clock.h"

namespace msgx {

// Wall-clock time (std::chrono::system_clock). Waits use a condition variable, so a stop request
// wakes a sleeping thread at once.
class SystemClock final : public Clock {
public:
    [[nodiscard]] time_point now() const override;
    // std::chrono::steady_clock since the clock object was made.
    [[nodiscard]] duration elapsed() const override;
    bool sleepUntil(time_point deadline, std::stop_token stop) override;

private:
    std::chrono::steady_clock::time_point origin_ = std::chrono::steady_clock::now();
};

} // namespace msgx
