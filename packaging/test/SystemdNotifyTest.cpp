// msgxd speaks the Type=notify protocol of msgxd.service: the test plays systemd's part with a
// datagram socket in $NOTIFY_SOCKET and a $WATCHDOG_USEC, runs the real msgxd on the embedded
// profile, and reads what it sends: READY=1 once the control socket is up, WATCHDOG=1 at least
// every WatchdogSec/2, RELOADING=1 + READY=1 around a SIGHUP, STOPPING=1 on SIGTERM.
#include "TempDir.h"

#include <Poco/Process.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <optional>
#include <signal.h>
#include <string>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <vector>

namespace {

const std::string kMsgxd = MSGX_MSGXD_BIN;
const std::string kSource = MSGX_SOURCE_DIR;

// The receiving end of $NOTIFY_SOCKET: one datagram per sd_notify call.
class NotifySocket {
public:
    explicit NotifySocket(const std::filesystem::path& path) : path_(path) {
        fd_ = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        std::strncpy(address.sun_path, path.c_str(), sizeof(address.sun_path) - 1);
        bound_ = fd_ >= 0 && ::bind(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) == 0;
    }
    ~NotifySocket() {
        if (fd_ >= 0) {
            ::close(fd_);
        }
    }
    NotifySocket(const NotifySocket&) = delete;
    NotifySocket& operator=(const NotifySocket&) = delete;

    [[nodiscard]] bool bound() const { return bound_; }

    // The next datagram, or nothing after `timeout`.
    std::optional<std::string> receive(std::chrono::milliseconds timeout) {
        timeval tv{static_cast<time_t>(timeout.count() / 1000),
                   static_cast<suseconds_t>(timeout.count() % 1000 * 1000)};
        ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
        char buffer[4096];
        const auto n = ::recv(fd_, buffer, sizeof(buffer), 0);
        if (n <= 0) {
            return std::nullopt;
        }
        return std::string(buffer, static_cast<std::size_t>(n));
    }

    // Reads datagrams until one contains `part`; returns it, or nothing after `timeout` in all.
    std::optional<std::string> receiveContaining(const std::string& part, std::chrono::milliseconds timeout) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < deadline) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            auto message = receive(std::max(left, std::chrono::milliseconds(1)));
            if (message && message->find(part) != std::string::npos) {
                return message;
            }
        }
        return std::nullopt;
    }

private:
    std::filesystem::path path_;
    int fd_ = -1;
    bool bound_ = false;
};

} // namespace

TEST(MsgxdSystemdNotify, ReadyWatchdogReloadStop) {
    msgx::test::TempDir dir;
    NotifySocket notify(dir.path() / "notify.sock");
    ASSERT_TRUE(notify.bound()) << std::strerror(errno);

    const std::vector<std::string> args{"NOTIFY_SOCKET=" + (dir.path() / "notify.sock").string(),
                                        "WATCHDOG_USEC=400000",
                                        "MSGX_VAR_DIR=" + dir.path().string(),
                                        "MSGX_RUN_DIR=" + dir.path().string(),
                                        "MSGX_PLUGINS_DIR=" + dir.path().string(),
                                        kMsgxd,
                                        "--config",
                                        kSource + "/etc/msgx.embedded.yaml"};
    auto handle = Poco::Process::launch("/usr/bin/env", args);

    const auto ready = notify.receiveContaining("READY=1", std::chrono::seconds(30));
    ASSERT_TRUE(ready.has_value()) << "no READY=1";
    EXPECT_NE(ready->find("STATUS=serving 0 plugin(s)"), std::string::npos) << *ready;
    // READY=1 promises the control socket.
    EXPECT_TRUE(std::filesystem::exists(dir.path() / "msgxd.sock"));

    // WatchdogSec=0.4s: a ping at least every 0.2 s; allow a loaded machine three periods.
    for (int i = 0; i < 3; ++i) {
        EXPECT_TRUE(notify.receiveContaining("WATCHDOG=1", std::chrono::milliseconds(600)).has_value())
            << "watchdog ping " << i;
    }

    ASSERT_EQ(::kill(handle.id(), SIGHUP), 0);
    EXPECT_TRUE(notify.receiveContaining("RELOADING=1", std::chrono::seconds(10)).has_value());
    EXPECT_TRUE(notify.receiveContaining("READY=1", std::chrono::seconds(10)).has_value());

    ASSERT_EQ(::kill(handle.id(), SIGTERM), 0);
    EXPECT_TRUE(notify.receiveContaining("STOPPING=1", std::chrono::seconds(10)).has_value());
    EXPECT_EQ(handle.wait(), 0);
}

TEST(MsgxdSystemdNotify, NoWatchdogPingWithoutWatchdogUsec) {
    msgx::test::TempDir dir;
    NotifySocket notify(dir.path() / "notify.sock");
    ASSERT_TRUE(notify.bound());
    const std::vector<std::string> args{"NOTIFY_SOCKET=" + (dir.path() / "notify.sock").string(),
                                        "MSGX_VAR_DIR=" + dir.path().string(),
                                        "MSGX_RUN_DIR=" + dir.path().string(),
                                        "MSGX_PLUGINS_DIR=" + dir.path().string(),
                                        kMsgxd,
                                        "--config",
                                        kSource + "/etc/msgx.embedded.yaml"};
    auto handle = Poco::Process::launch("/usr/bin/env", args);
    ASSERT_TRUE(notify.receiveContaining("READY=1", std::chrono::seconds(30)).has_value());
    EXPECT_FALSE(notify.receiveContaining("WATCHDOG=1", std::chrono::milliseconds(500)).has_value());
    ASSERT_EQ(::kill(handle.id(), SIGTERM), 0);
    EXPECT_EQ(handle.wait(), 0);
}
