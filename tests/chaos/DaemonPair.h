#pragma once

// The two msgxd instances of a chaos run on the same databases: slot 0 on the host's clock, slot 1
// under libfaketime (Debian package faketime) with a wall-clock offset, so the writer and its
// standby disagree about the time. Whichever holds the lease is the writer; a killed instance is
// started again in its slot, so one of them always runs.

#include "ChaosSite.h"
#include "DaemonProcess.h"

#include <array>
#include <memory>
#include <string>
#include <sys/types.h>

namespace msgx::chaos {

class DaemonPair {
public:
    // `clockOffset`: libfaketime's FAKETIME value for slot 1, e.g. "+45s".
    DaemonPair(ChaosSite& site, std::string clockOffset);

    // Starts slot 0, waits (bounded) until it holds the lease, then starts slot 1: two instances
    // migrating an empty store at the same moment collide (seen: one exits "apply migration
    // V4__outbox failed (constraint)"), which is not what this run is about. False when slot 0
    // did not become writer within `timeout`.
    bool startBoth(std::chrono::seconds timeout);
    // The slot whose current process holds the writer lease (WRITER_LEASE owner <host>:<pid>:...),
    // or -1 when neither does (the store is down, the writer just died, nobody took over yet).
    int writerSlot();
    // SIGKILL the process of `slot` and start it again at once (it comes back as standby or writer).
    void killAndRestart(int slot);
    // SIGSTOP / SIGCONT the process of `slot` (the supervisor leaves a stopped slot alone).
    void pause(int slot);
    void resume(int slot);
    // Starts again any slot whose process ended by itself; returns how many were started.
    int supervise();
    // SIGTERM both (a clean stop); returns false when one did not exit 0.
    bool stopBoth();

    [[nodiscard]] pid_t pid(int slot) const { return slots_[slot].process->pid(); }
    [[nodiscard]] test::DaemonProcess& process(int slot) { return *slots_[slot].process; }
    [[nodiscard]] const std::string& name(int slot) const { return slots_[slot].name; }
    [[nodiscard]] std::filesystem::path logFile(int slot) const { return slots_[slot].log; }
    [[nodiscard]] int starts(int slot) const { return slots_[slot].starts; }
    [[nodiscard]] int unexpectedExits() const { return unexpectedExits_; }
    [[nodiscard]] const std::string& clockOffset() const { return clockOffset_; }

private:
    struct Slot {
        std::string name;
        std::filesystem::path log;
        std::unique_ptr<test::DaemonProcess> process;
        int starts = 0;
        bool paused = false;
    };

    ChaosSite& site_;
    std::string clockOffset_;
    std::array<Slot, 2> slots_;
    int unexpectedExits_ = 0;
};

} // namespace msgx::chaos
