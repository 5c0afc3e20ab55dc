#include "SystemdNotify.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <systemd/sd-daemon.h>

namespace msgx::daemon {

namespace {

// sd_notify ignores the call (returns 0) without $NOTIFY_SOCKET; unset_environment = 0 keeps the
// variable for the later notifications.
void notify(const std::string& state) {
    static_cast<void>(sd_notify(0, state.c_str()));
}

} // namespace

SystemdNotify::SystemdNotify() {
    std::uint64_t usec = 0;
    if (sd_watchdog_enabled(0, &usec) > 0) {
        watchdogInterval_ = std::chrono::microseconds(usec);
    }
}

void SystemdNotify::ready(std::string_view status) const {
    notify("READY=1\nSTATUS=" + std::string(status));
}

void SystemdNotify::reloading() const {
    notify("RELOADING=1\nSTATUS=reloading plugins");
}

void SystemdNotify::reloaded(std::string_view status) const {
    notify("READY=1\nSTATUS=" + std::string(status));
}

void SystemdNotify::stopping() const {
    notify("STOPPING=1\nSTATUS=stopping");
}

void SystemdNotify::watchdog() const {
    if (watchdogEnabled()) {
        notify("WATCHDOG=1");
    }
}

std::chrono::milliseconds SystemdNotify::loopPeriod(std::chrono::milliseconds fallback) const {
    if (!watchdogEnabled()) {
        return fallback;
    }
    const auto half = std::chrono::duration_cast<std::chrono::milliseconds>(watchdogInterval_ / 2);
    return std::clamp(half, std::chrono::milliseconds(1), fallback);
}

} // namespace msgx::daemon
