#include "DaemonPair.h"

#include "E2eSupport.h"

#include <Poco/Data/Session.h>

#include <iostream>
#include <signal.h>

namespace msgx::chaos {

namespace {

using namespace Poco::Data::Keywords;

// libfaketime's multi-threaded build. Only the wall clock moves: FAKETIME_DONT_FAKE_MONOTONIC
// keeps CLOCK_MONOTONIC (steady_clock, the condition-variable waits of every thread) real, as a
// host whose NTP is off by the offset would have it.
constexpr const char* kFaketimeLibrary = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1";

} // namespace

DaemonPair::DaemonPair(ChaosSite& site, std::string clockOffset)
    : site_(site), clockOffset_(std::move(clockOffset)) {
    const std::array<std::string, 2> names{"writer-a", "writer-b"};
    for (int i = 0; i < 2; ++i) {
        auto& slot = slots_[i];
        slot.name = names[i];
        slot.log = site_.dir() / (slot.name + ".log");
        std::vector<std::string> environment;
        if (i == 1) {
            environment = {std::string("LD_PRELOAD=") + kFaketimeLibrary, "FAKETIME=" + clockOffset_,
                           "FAKETIME_DONT_FAKE_MONOTONIC=1", "FAKETIME_DONT_RESET=1"};
        }
        slot.process = std::make_unique<test::DaemonProcess>(test::kMsgxdBin, site_.config(slot.name),
                                                             slot.log, environment);
    }
}

bool DaemonPair::startBoth(std::chrono::seconds timeout) {
    slots_[0].process->start();
    ++slots_[0].starts;
    const bool writer = test::waitUntil([&] { return writerSlot() == 0; }, timeout);
    slots_[1].process->start();
    ++slots_[1].starts;
    return writer;
}

int DaemonPair::writerSlot() {
    try {
        auto store = site_.store();
        std::vector<Poco::Nullable<std::string>> owners;
        store << "SELECT OWNER_ID FROM WRITER_LEASE WHERE LEASE_NAME = 'pipeline'", into(owners), now;
        if (owners.empty() || owners.front().isNull()) {
            return -1;
        }
        // <host>:<pid>:<start epoch s>
        const std::string& owner = owners.front().value();
        const auto last = owner.rfind(':');
        const auto before = last == std::string::npos ? std::string::npos : owner.rfind(':', last - 1);
        if (before == std::string::npos) {
            return -1;
        }
        const pid_t pid = std::stoi(owner.substr(before + 1, last - before - 1));
        for (int i = 0; i < 2; ++i) {
            if (slots_[i].process->pid() == pid && slots_[i].process->running()) {
                return i;
            }
        }
    } catch (const std::exception&) {
        // The store is down: nobody can be told writer now.
    }
    return -1;
}

void DaemonPair::killAndRestart(int slot) {
    auto& s = slots_[slot];
    s.process->kill9();
    s.paused = false;
    s.process->start();
    ++s.starts;
}

void DaemonPair::pause(int slot) {
    slots_[slot].paused = true;
    ::kill(slots_[slot].process->pid(), SIGSTOP);
}

void DaemonPair::resume(int slot) {
    ::kill(slots_[slot].process->pid(), SIGCONT);
    slots_[slot].paused = false;
}

int DaemonPair::supervise() {
    int started = 0;
    for (auto& slot : slots_) {
        if (!slot.paused && !slot.process->running()) {
            std::cerr << "chaos: " << slot.name << " ended by itself; starting it again (log " << slot.log
                      << ")\n";
            ++unexpectedExits_;
            slot.process->start();
            ++slot.starts;
            ++started;
        }
    }
    return started;
}

bool DaemonPair::stopBoth() {
    bool clean = true;
    for (auto& slot : slots_) {
        if (slot.process->running()) {
            const int status = slot.process->terminate(std::chrono::seconds(60));
            if (status != 0) {
                std::cerr << "chaos: " << slot.name << " exited with " << status << " after SIGTERM\n";
                clean = false;
            }
        }
    }
    return clean;
}

} // namespace msgx::chaos
