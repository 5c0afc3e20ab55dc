#include "msgx/clock/ManualClock.h"

#include <stdexcept>

namespace msgx {

ManualClock::ManualClock(time_point start) : start_(start), now_(start) {}

Clock::duration ManualClock::elapsed() const {
    std::lock_guard lock(mutex_);
    return now_ - start_;
}

Clock::time_point ManualClock::now() const {
    std::lock_guard lock(mutex_);
    return now_;
}

bool ManualClock::sleepUntil(time_point deadline, std::stop_token stop) {
    std::unique_lock lock(mutex_);
    ++sleepers_;
    changed_.notify_all();
    const bool reached = changed_.wait(lock, stop, [&] { return now_ >= deadline; });
    --sleepers_;
    changed_.notify_all();
    return reached;
}

void ManualClock::advance(duration d) {
    if (d < duration::zero()) {
        throw std::invalid_argument("ManualClock::advance: negative duration");
    }
    std::lock_guard lock(mutex_);
    now_ += d;
    changed_.notify_all();
}

void ManualClock::set(time_point t) {
    std::lock_guard lock(mutex_);
    if (t < now_) {
        throw std::invalid_argument("ManualClock::set: time never goes back");
    }
    now_ = t;
    changed_.notify_all();
}

int ManualClock::sleepers() const {
    std::lock_guard lock(mutex_);
    return sleepers_;
}

bool ManualClock::waitForSleepers(int n, std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] { return sleepers_ >= n; });
}

} // namespace msgx
