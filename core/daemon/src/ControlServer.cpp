#include "msgx/daemon/ControlServer.h"

#include "msgx/log/Log.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace msgx::daemon {

namespace {

constexpr int kClientTimeoutMs = 2000;
constexpr std::size_t kMaxCommandBytes = 1024;

std::string systemError(const std::string& what) {
    return what + ": " + std::strerror(errno);
}

sockaddr_un addressOf(const std::filesystem::path& path) {
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const std::string text = path.string();
    if (text.size() >= sizeof(address.sun_path)) {
        throw std::runtime_error("control socket path " + text + " is longer than " +
                                 std::to_string(sizeof(address.sun_path) - 1) + " bytes");
    }
    std::memcpy(address.sun_path, text.c_str(), text.size() + 1);
    return address;
}

// Connects to `path`; -1 when nothing listens there.
int connectTo(const std::filesystem::path& path) {
    const sockaddr_un address = addressOf(path);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        throw std::runtime_error(systemError("socket"));
    }
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

bool waitFor(int fd, short events, int timeoutMs) {
    pollfd entry{fd, events, 0};
    return ::poll(&entry, 1, timeoutMs) > 0 && (entry.revents & (events | POLLHUP)) != 0;
}

std::string trimmed(std::string text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    const auto last = text.find_last_not_of(" \t\r\n");
    return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

void writeAll(int fd, const std::string& text) {
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::send(fd, text.data() + written, text.size() - written, MSG_NOSIGNAL);
        if (n <= 0) {
            if (n < 0 && errno == EINTR) {
                continue;
            }
            return;
        }
        written += static_cast<std::size_t>(n);
    }
}

} // namespace

ControlServer::ControlServer(std::filesystem::path socketPath, std::map<std::string, Command> commands)
    : socketPath_(std::move(socketPath)), commands_(std::move(commands)) {}

ControlServer::~ControlServer() {
    if (thread_.joinable()) {
        const char stop = 'x';
        [[maybe_unused]] const ssize_t ignored = ::write(wakeFds_[1], &stop, 1);
        thread_.join();
    }
    for (int fd : {listenFd_, wakeFds_[0], wakeFds_[1]}) {
        if (fd >= 0) {
            ::close(fd);
        }
    }
    if (listenFd_ >= 0) {
        std::error_code ignored;
        std::filesystem::remove(socketPath_, ignored);
    }
}

void ControlServer::start() {
    const sockaddr_un address = addressOf(socketPath_);
    std::error_code error;
    if (std::filesystem::is_socket(socketPath_, error)) {
        const int other = connectTo(socketPath_);
        if (other >= 0) {
            ::close(other);
            throw std::runtime_error("another process listens on control socket " + socketPath_.string());
        }
        std::filesystem::remove(socketPath_, error); // stale, from a process that died
    }
    listenFd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listenFd_ < 0) {
        throw std::runtime_error(systemError("control socket"));
    }
    if (::bind(listenFd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
        const std::string why = systemError("cannot bind control socket " + socketPath_.string());
        ::close(listenFd_);
        listenFd_ = -1;
        throw std::runtime_error(why);
    }
    ::chmod(socketPath_.c_str(), 0660); // the daemon's user and group only
    if (::listen(listenFd_, 8) != 0 || ::pipe2(wakeFds_, O_CLOEXEC) != 0) {
        throw std::runtime_error(systemError("control socket " + socketPath_.string()));
    }
    thread_ = std::thread([this] { serve(); });
}

void ControlServer::serve() {
    for (;;) {
        pollfd entries[2] = {{listenFd_, POLLIN, 0}, {wakeFds_[0], POLLIN, 0}};
        if (::poll(entries, 2, -1) < 0) {
            if (errno == EINTR) {
                continue;
            }
            log::error("control socket {}: poll failed: {}; no more control commands", socketPath_.string(),
                       std::strerror(errno));
            return;
        }
        if (entries[1].revents != 0) {
            return;
        }
        if ((entries[0].revents & POLLIN) != 0) {
            const int client = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC);
            if (client >= 0) {
                answer(client);
                ::close(client);
            }
        }
    }
}

void ControlServer::answer(int client) {
    std::string line;
    char buffer[256];
    while (line.find('\n') == std::string::npos && line.size() < kMaxCommandBytes) {
        if (!waitFor(client, POLLIN, kClientTimeoutMs)) {
            return; // a client that says nothing is dropped
        }
        const ssize_t n = ::recv(client, buffer, sizeof buffer, 0);
        if (n <= 0) {
            break;
        }
        line.append(buffer, static_cast<std::size_t>(n));
    }
    const std::string command = trimmed(line.substr(0, line.find('\n')));
    json::JsonValue reply;
    const auto found = commands_.find(command);
    if (found == commands_.end()) {
        reply = json::JsonValue::object();
        std::string known;
        for (const auto& [name, run] : commands_) {
            known += (known.empty() ? "" : ", ") + name;
        }
        reply.set("error",
                  json::JsonValue::string("unknown command '" + command + "' (known: " + known + ")"));
    } else {
        log::info("control socket: {}", command);
        try {
            reply = found->second();
        } catch (const std::exception& e) {
            reply = json::JsonValue::object();
            reply.set("error", json::JsonValue::string(command + " failed: " + e.what()));
        }
    }
    writeAll(client, json::renderJson(reply));
}

std::string sendControlCommand(const std::filesystem::path& socketPath, const std::string& command,
                               std::chrono::milliseconds timeout) {
    const int fd = connectTo(socketPath);
    if (fd < 0) {
        throw std::runtime_error("no daemon listens on " + socketPath.string() + " (is msgxd running?)");
    }
    writeAll(fd, command + "\n");
    std::string reply;
    char buffer[4096];
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0 || !waitFor(fd, POLLIN, static_cast<int>(left.count()))) {
            ::close(fd);
            throw std::runtime_error("no reply from " + socketPath.string() + " within " +
                                     std::to_string(timeout.count()) + " ms");
        }
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) {
            break;
        }
        reply.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return reply;
}

} // namespace msgx::daemon
