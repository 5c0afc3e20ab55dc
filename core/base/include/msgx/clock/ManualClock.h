#pragma once

#include "msgx/clock/Clock.h"

#include <condition_variable>
#include <mutex>

namespace msgx {

// A clock that moves only when a test says so. Threads sleeping on it wake when advance() or set()
// reaches their deadline, or when their stop token is requested. Thread-safe.
class ManualClock final : public Clock {
public:
    explicit ManualClock(time_point start);

    [[nodiscard]] time_point now() const override;
    // How far advance() and set() have moved the clock since it was made.
    [[nodiscard]] duration elapsed() const override;
    bool sleepUntil(time_point deadline, std::stop_token stop) override;

    void advance(duration d);
    // Moves time to t; t earlier than now() is refused (std::invalid_argument): time never goes back.
    void set(time_point t);

    // Number of threads currently blocked in sleepUntil, so a test can wait until a worker is
    // parked on the clock before advancing it.
    [[nodiscard]] int sleepers() const;
    // Blocks (for real, bounded by `timeout`) until at least n threads sleep on the clock.
    // Returns false on timeout.
    bool waitForSleepers(int n, std::chrono::milliseconds timeout) const;

private:
    mutable std::mutex mutex_;
    mutable std::condition_variable_any changed_;
    time_point start_;
    time_point now_;
    int sleepers_ = 0;
};

} // namespace msgx
