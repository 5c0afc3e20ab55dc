#include "msgx/pipeline/runtime/Wakeup.h"

namespace msgx::pipeline {

bool Wakeup::sleepUntil(Clock& clock, Clock::time_point deadline, std::stop_token stop) {
    std::stop_source source;
    {
        std::lock_guard lock(mutex_);
        if (pending_) {
            pending_ = false;
            return true;
        }
        sleeping_ = source;
    }
    {
        const std::stop_callback forwardStop(stop, [&source] { source.request_stop(); });
        clock.sleepUntil(deadline, source.get_token());
    }
    std::lock_guard lock(mutex_);
    sleeping_.reset();
    const bool woken = pending_;
    pending_ = false;
    return woken;
}

void Wakeup::notify() {
    std::lock_guard lock(mutex_);
    pending_ = true;
    if (sleeping_) {
        sleeping_->request_stop();
    }
}

} // namespace msgx::pipeline
