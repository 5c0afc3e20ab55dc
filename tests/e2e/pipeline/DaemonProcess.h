#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <sys/types.h>
#include <vector>

namespace msgx::test {

// One msgxd child process for an end-to-end test: started with a configuration file and extra
// environment, its stderr appended to a log file (so a test can read the log of every run, also
// after a kill -9). The destructor kills a process still running (SIGKILL) and reaps it.
class DaemonProcess {
public:
    DaemonProcess(std::string binary, std::filesystem::path config, std::filesystem::path logFile,
                  std::vector<std::string> environment = {});
    ~DaemonProcess();
    DaemonProcess(const DaemonProcess&) = delete;
    DaemonProcess& operator=(const DaemonProcess&) = delete;

    void start();
    // SIGKILL and reap; the process gets no chance to clean up.
    void kill9();
    // SIGSTOP / SIGCONT: the process is frozen as a whole (every thread, mid-transaction or not) and
    // later goes on where it was, as after a long GC pause, a VM migration or a suspended laptop.
    void pause();
    void resume();
    // SIGTERM and wait (bounded); returns the exit status (128 + signal when killed by one).
    int terminate(std::chrono::seconds timeout = std::chrono::seconds(60));
    [[nodiscard]] bool running();
    [[nodiscard]] pid_t pid() const { return pid_; }

    // Waits (real time, bounded) until the log holds `text` after `fromOffset`; returns the log's
    // size at the match's end, or -1 after the timeout.
    std::int64_t waitForLog(const std::string& text, std::chrono::milliseconds timeout,
                            std::int64_t fromOffset = 0);
    [[nodiscard]] std::string log() const;

private:
    void reportHang() const;

    std::string binary_;
    std::filesystem::path config_;
    std::filesystem::path logFile_;
    std::vector<std::string> environment_;
    pid_t pid_ = -1;
};

} // namespace msgx::test
