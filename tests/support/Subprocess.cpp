#include "Subprocess.h"

#include <array>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdexcept>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <system_error>
#include <unistd.h>
#include <utility>

extern char** environ;

namespace msgx::test {
namespace {

class OwnedFd {
public:
    OwnedFd() = default;
    explicit OwnedFd(int fd) : fd_(fd) {}
    ~OwnedFd() { reset(); }
    OwnedFd(const OwnedFd&) = delete;
    OwnedFd& operator=(const OwnedFd&) = delete;
    OwnedFd(OwnedFd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
    OwnedFd& operator=(OwnedFd&&) = delete;
    [[nodiscard]] int get() const { return fd_; }
    void reset(int fd = -1) {
        if (fd_ >= 0) {
            ::close(fd_);
        }
        fd_ = fd;
    }

private:
    int fd_ = -1;
};

struct Pipe {
    OwnedFd read;
    OwnedFd write;
};

Pipe makePipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        throw std::runtime_error(std::string("pipe2: ") + std::generic_category().message(errno));
    }
    Pipe p;
    p.read.reset(fds[0]);
    p.write.reset(fds[1]);
    ::fcntl(p.read.get(), F_SETFL, O_NONBLOCK);
    return p;
}

// Reads what is available; returns false at end of file.
bool readAvailable(int fd, std::string& sink) {
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n > 0) {
            sink.append(buffer, static_cast<size_t>(n));
        } else if (n == 0) {
            return false;
        } else if (errno == EINTR) {
            continue;
        } else {
            return true; // EAGAIN: nothing more for now
        }
    }
}

pid_t spawn(const std::vector<std::string>& argv, int outFd, int errFd) {
    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (const auto& arg : argv) {
        args.push_back(const_cast<char*>(arg.c_str()));
    }
    args.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, outFd, STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, errFd, STDERR_FILENO);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    // Own process group, so that a timeout can kill everything it started.
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);

    pid_t pid = -1;
    const int rc = ::posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (rc != 0) {
        throw std::runtime_error("cannot start " + describeCommand(argv) + ": " +
                                 std::generic_category().message(rc));
    }
    return pid;
}

int exitCodeOf(int status) {
    if (WIFEXITED(status)) {
        return WEXITSTATUS(status);
    }
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

} // namespace

std::string describeCommand(const std::vector<std::string>& argv) {
    std::string text;
    for (const auto& arg : argv) {
        if (!text.empty()) {
            text += ' ';
        }
        text += arg.find_first_of(" \t'\"") == std::string::npos ? arg : "'" + arg + "'";
    }
    return text;
}

SubprocessResult runSubprocess(const std::vector<std::string>& argv, std::chrono::milliseconds timeout) {
    if (argv.empty()) {
        throw std::invalid_argument("runSubprocess: empty command");
    }
    Pipe out = makePipe();
    Pipe err = makePipe();
    const pid_t pid = spawn(argv, out.write.get(), err.write.get());
    out.write.reset();
    err.write.reset();
    // A pidfd becomes readable when the process exits, so one poll() waits for output and exit.
    OwnedFd exited(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
    if (exited.get() < 0) {
        ::kill(-pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
        throw std::runtime_error(std::string("pidfd_open: ") + std::generic_category().message(errno));
    }

    SubprocessResult result;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    bool outOpen = true;
    bool errOpen = true;
    for (;;) {
        const auto remaining = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (remaining.count() <= 0) {
            ::kill(-pid, SIGKILL);
            ::waitpid(pid, nullptr, 0);
            throw std::runtime_error(describeCommand(argv) + " did not finish within " +
                                     std::to_string(timeout.count()) + " ms; stderr so far:\n" + result.err);
        }
        std::array<pollfd, 3> fds{{{exited.get(), POLLIN, 0},
                                   {outOpen ? out.read.get() : -1, POLLIN, 0},
                                   {errOpen ? err.read.get() : -1, POLLIN, 0}}};
        if (::poll(fds.data(), fds.size(), static_cast<int>(remaining.count())) < 0 && errno != EINTR) {
            throw std::runtime_error(std::string("poll: ") + std::generic_category().message(errno));
        }
        if (outOpen && fds[1].revents != 0) {
            outOpen = readAvailable(out.read.get(), result.out);
        }
        if (errOpen && fds[2].revents != 0) {
            errOpen = readAvailable(err.read.get(), result.err);
        }
        if (fds[0].revents != 0) {
            // Exited: take what is still buffered, but do not wait for background processes that
            // may have inherited the pipes.
            if (outOpen) {
                readAvailable(out.read.get(), result.out);
            }
            if (errOpen) {
                readAvailable(err.read.get(), result.err);
            }
            int status = 0;
            ::waitpid(pid, &status, 0);
            result.exitCode = exitCodeOf(status);
            return result;
        }
    }
}

} // namespace msgx::test
