#pragma once

#include "msgx/clock/Clock.h"

#include <mutex>
#include <optional>
#include <stop_token>

namespace msgx::pipeline {

// Lets one thread sleep on the injectable clock until a deadline, its stop request, or a notify()
// from another thread (the poller waking the pump when it queued rows), whichever comes first.
// A notify() while nobody sleeps makes the next sleep return at once, so no wake-up is lost.
class Wakeup {
public:
    // True when woken by notify() (or a notify() before the call), false at the deadline or on stop.
    bool sleepUntil(Clock& clock, Clock::time_point deadline, std::stop_token stop);
    void notify();

private:
    std::mutex mutex_;
    std::optional<std::stop_source> sleeping_;
    bool pending_ = false;
};

} // namespace msgx::pipeline
