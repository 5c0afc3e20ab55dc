#pragma once

#include <chrono>
#include <signal.h>

namespace msgx {

// The daemon's signal handling: SIGINT/SIGTERM ask for a graceful stop, SIGHUP for a plugin
// reload. The constructor blocks these signals in the calling thread, so it must run before any
// other thread starts (threads inherit the mask); then only wait() receives them, synchronously,
// with no async-signal-safety traps. The destructor restores the previous mask.
class ProcessSignals {
public:
    enum class Received { None, Stop, Reload };

    ProcessSignals();
    ~ProcessSignals();
    ProcessSignals(const ProcessSignals&) = delete;
    ProcessSignals& operator=(const ProcessSignals&) = delete;

    // Waits up to `timeout` for one of the signals. Returns None on timeout.
    Received wait(std::chrono::milliseconds timeout);
    // Number of the last signal wait() returned (for the log line).
    [[nodiscard]] int lastSignal() const { return lastSignal_; }

private:
    sigset_t handled_{};
    sigset_t previousMask_{};
    int lastSignal_ = 0;
};

} // namespace msgx
