// The control socket's line protocol, without a daemon.
#include "msgx/daemon/ControlServer.h"

#include "TempDir.h"

#include <gtest/gtest.h>

#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace msgx::daemon {
namespace {

constexpr auto kTimeout = std::chrono::seconds(10);

std::map<std::string, daemon::ControlServer::Command> echoCommands() {
    return {{"plugins list",
             [] {
                 json::JsonValue reply = json::JsonValue::object();
                 reply.set("plugins", json::JsonValue::array());
                 return reply;
             }},
            {"broken", []() -> json::JsonValue { throw std::runtime_error("boom"); }}};
}

TEST(ControlServer, AnswersOneCommandLineWithJson) {
    msgx::test::TempDir dir;
    const auto socket = dir.path() / "msgxd.sock";
    daemon::ControlServer server(socket, echoCommands());
    server.start();
    EXPECT_EQ(daemon::sendControlCommand(socket, "plugins list", kTimeout), "{\n  \"plugins\": []\n}\n");
    EXPECT_EQ(daemon::sendControlCommand(socket, "  plugins list  ", kTimeout), "{\n  \"plugins\": []\n}\n");
}

TEST(ControlServer, UnknownAndFailingCommandsGetAnError) {
    msgx::test::TempDir dir;
    const auto socket = dir.path() / "msgxd.sock";
    daemon::ControlServer server(socket, echoCommands());
    server.start();
    const auto unknown = json::parseJson(daemon::sendControlCommand(socket, "status", kTimeout), "reply");
    EXPECT_EQ(unknown.find("error")->asString(), "unknown command 'status' (known: broken, plugins list)");
    const auto failing = json::parseJson(daemon::sendControlCommand(socket, "broken", kTimeout), "reply");
    EXPECT_EQ(failing.find("error")->asString(), "broken failed: boom");
}

TEST(ControlServer, ReplacesAStaleSocketAndRefusesALiveOne) {
    msgx::test::TempDir dir;
    const auto socket = dir.path() / "msgxd.sock";
    {
        daemon::ControlServer first(socket, echoCommands());
        first.start();
        daemon::ControlServer second(socket, echoCommands());
        EXPECT_THROW(second.start(), std::runtime_error);
    }
    EXPECT_FALSE(std::filesystem::exists(socket)); // removed on stop
    EXPECT_THROW(daemon::sendControlCommand(socket, "plugins list", kTimeout), std::runtime_error);

    // A socket file left by a process that died: nobody listens, so it is replaced.
    const int stale = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, socket.c_str(), sizeof(address.sun_path) - 1);
    ASSERT_EQ(::bind(stale, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);
    ::close(stale);
    ASSERT_TRUE(std::filesystem::is_socket(socket));
    daemon::ControlServer third(socket, echoCommands());
    third.start();
    EXPECT_EQ(daemon::sendControlCommand(socket, "plugins list", kTimeout), "{\n  \"plugins\": []\n}\n");
}

} // namespace
} // namespace msgx::daemon
