#include "msgx/clock/SystemClock.h"

#include <condition_variable>
#include <mutex>

namespace msgx {

Clock::time_point SystemClock::now() const {
    return std::chrono::time_point_cast<duration>(std::chrono::system_clock::now());
}

Clock::duration SystemClock::elapsed() const {
    return std::chrono::duration_cast<duration>(std::chrono::steady_clock::now() - origin_);
}

bool SystemClock::sleepUntil(time_point deadline, std::stop_token stop) {
    std::mutex mutex;
    std::condition_variable_any cv;
    std::unique_lock lock(mutex);
    cv.wait_until(lock, stop, deadline, [] { return false; });
    return !stop.stop_requested();
}

} // namespace msgx
