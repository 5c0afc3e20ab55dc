#pragma once

#include <chrono>
#include <string_view>

namespace msgx::daemon {

// The daemon's side of the systemd service protocol (msgxd.service is Type=notify).
//
// Every call is a no-op when msgxd does not run under systemd ($NOTIFY_SOCKET unset), so the same
// binary runs in a terminal, under `make run` and in the tests. A failed notification is ignored on
// purpose: systemd then acts on its own (start timeout, watchdog kill), which is the intended
// outcome of a daemon that cannot tell it is alive.
class SystemdNotify {
public:
    // Reads $WATCHDOG_USEC / $WATCHDOG_PID once (sd_watchdog_enabled).
    SystemdNotify();

    // READY=1 with a status line: call once config, store, plugins and the control socket are up.
    void ready(std::string_view status) const;
    // RELOADING=1 before a SIGHUP rescan, READY=1 after it.
    void reloading() const;
    void reloaded(std::string_view status) const;
    // STOPPING=1 when a stop signal arrived, before the graceful shutdown.
    void stopping() const;
    // WATCHDOG=1; call at least every watchdogPeriod() from the loop whose liveness it proves.
    void watchdog() const;

    // Whether systemd expects WATCHDOG=1 (WatchdogSec= set on the unit).
    [[nodiscard]] bool watchdogEnabled() const { return watchdogInterval_.count() > 0; }
    // Half of WatchdogSec (systemd's own advice), or `fallback` when the watchdog is off or slower.
    [[nodiscard]] std::chrono::milliseconds loopPeriod(std::chrono::milliseconds fallback) const;

private:
    std::chrono::microseconds watchdogInterval_{0};
};

} // namespace msgx::daemon
