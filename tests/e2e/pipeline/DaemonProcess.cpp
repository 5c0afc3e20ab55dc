#include "DaemonProcess.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <signal.h>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace msgx::test {

DaemonProcess::DaemonProcess(std::string binary, std::filesystem::path config, std::filesystem::path logFile,
                             std::vector<std::string> environment)
    : binary_(std::move(binary)), config_(std::move(config)), logFile_(std::move(logFile)),
      environment_(std::move(environment)) {}

DaemonProcess::~DaemonProcess() {
    if (pid_ > 0) {
        kill9();
    }
}

void DaemonProcess::start() {
    if (pid_ > 0) {
        throw std::logic_error("msgxd already running as " + std::to_string(pid_));
    }
    std::vector<std::string> env;
    for (char** e = environ; *e != nullptr; ++e) {
        env.emplace_back(*e);
    }
    env.insert(env.end(), environment_.begin(), environment_.end());
    std::vector<char*> envp;
    for (auto& e : env) {
        envp.push_back(e.data());
    }
    envp.push_back(nullptr);
    std::string configArg = config_.string();
    std::vector<char*> argv{binary_.data(), const_cast<char*>("--config"), configArg.data(), nullptr};

    const int logFd = ::open(logFile_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (logFd < 0) {
        throw std::runtime_error("cannot open " + logFile_.string() + ": " + std::strerror(errno));
    }
    const pid_t child = ::fork();
    if (child < 0) {
        ::close(logFd);
        throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    }
    if (child == 0) {
        ::dup2(logFd, STDERR_FILENO);
        ::dup2(logFd, STDOUT_FILENO);
        const int devNull = ::open("/dev/null", O_RDONLY);
        ::dup2(devNull, STDIN_FILENO);
        ::execve(binary_.c_str(), argv.data(), envp.data());
        ::_exit(127);
    }
    ::close(logFd);
    pid_ = child;
}

void DaemonProcess::pause() {
    if (pid_ <= 0 || ::kill(pid_, SIGSTOP) != 0) {
        throw std::runtime_error("cannot SIGSTOP msgxd " + std::to_string(pid_));
    }
}

void DaemonProcess::resume() {
    if (pid_ <= 0 || ::kill(pid_, SIGCONT) != 0) {
        throw std::runtime_error("cannot SIGCONT msgxd " + std::to_string(pid_));
    }
}

void DaemonProcess::kill9() {
    if (pid_ <= 0) {
        return;
    }
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
}

int DaemonProcess::terminate(std::chrono::seconds timeout) {
    if (pid_ <= 0) {
        throw std::logic_error("msgxd is not running");
    }
    ::kill(pid_, SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        int status = 0;
        const pid_t done = ::waitpid(pid_, &status, WNOHANG);
        if (done == pid_) {
            pid_ = -1;
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        if (std::chrono::steady_clock::now() > deadline) {
            reportHang();
            kill9();
            return -1;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

// What a hung msgxd was doing, for the test's output: the end of its log and, where gdb is
// installed (a diagnostic only, not a test dependency), every thread's stack.
void DaemonProcess::reportHang() const {
    std::cerr << "msgxd (pid " << pid_ << ") did not stop after SIGTERM; the end of its log:\n";
    const std::string text = log();
    constexpr std::size_t kTail = 6000;
    std::cerr << (text.size() > kTail ? text.substr(text.size() - kTail) : text) << "\n";
    if (::access("/usr/bin/gdb", X_OK) == 0) {
        const std::string command = "/usr/bin/gdb -batch -nx -p " + std::to_string(pid_) +
                                    " -ex 'thread apply all bt 12' 2>/dev/null | grep -E '^(Thread|#)' 1>&2";
        [[maybe_unused]] const int ignored = std::system(command.c_str());
    }
}

bool DaemonProcess::running() {
    if (pid_ <= 0) {
        return false;
    }
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return false;
    }
    return true;
}

std::string DaemonProcess::log() const {
    std::ifstream in(logFile_);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::int64_t DaemonProcess::waitForLog(const std::string& text, std::chrono::milliseconds timeout,
                                       std::int64_t fromOffset) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        const std::string all = log();
        if (static_cast<std::int64_t>(all.size()) > fromOffset) {
            const auto at = all.find(text, static_cast<std::size_t>(fromOffset));
            if (at != std::string::npos) {
                return static_cast<std::int64_t>(at + text.size());
            }
        }
        if (std::chrono::steady_clock::now() > deadline) {
            return -1;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

} // namespace msgx::test
