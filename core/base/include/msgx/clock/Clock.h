#pragma once

#include <chrono>
#include <stop_token>

namespace msgx {

// The one source of time for everything in msgexchange that reads or waits for time.
// Production code receives a Clock& (SystemClock); tests pass a ManualClock and move time by hand,
// so no test ever sleeps for real to wait for a timer.
class Clock {
public:
    using duration = std::chrono::microseconds;
    using time_point = std::chrono::time_point<std::chrono::system_clock, duration>;

    virtual ~Clock() = default;

    // Current UTC time.
    [[nodiscard]] virtual time_point now() const = 0;

    // Time since a fixed origin of this clock object, monotonic: it never goes back and does not
    // follow steps of the wall clock (NTP, an operator, faketime). For measuring how long something
    // took or has not happened (the writer lease); meaningless across processes.
    [[nodiscard]] virtual duration elapsed() const = 0;

    // Blocks until now() >= deadline or stop is requested.
    // Returns true when the deadline was reached, false when woken by the stop request.
    virtual bool sleepUntil(time_point deadline, std::stop_token stop) = 0;

    bool sleepFor(duration d, std::stop_token stop) { return sleepUntil(now() + d, std::move(stop)); }
};

} // namespace msgx
