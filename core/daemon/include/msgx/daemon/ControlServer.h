#pragma once

#include "msgx/json/JsonValue.h"

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <thread>

namespace msgx::daemon {

// The daemon's control socket (control.socket, architecture.md §8): a Unix stream socket with a
// line protocol. A client connects, writes one command line ("plugins list", "plugins reload"),
// and reads one JSON document; the server then closes the connection. An unknown command gets
// {"error": "..."}. Commands run one at a time on the server's thread.
class ControlServer {
public:
    // Answers one command line (its text, trimmed, is the key in `commands`).
    using Command = std::function<json::JsonValue()>;

    ControlServer(std::filesystem::path socketPath, std::map<std::string, Command> commands);
    // Stops the thread and removes the socket file.
    ~ControlServer();
    ControlServer(const ControlServer&) = delete;
    ControlServer& operator=(const ControlServer&) = delete;

    // Binds and starts serving. A stale socket file (no one listening) is replaced; std::runtime_error
    // when another process listens on it, the directory is missing or the path is too long.
    void start();

private:
    void serve();
    void answer(int client);

    std::filesystem::path socketPath_;
    std::map<std::string, Command> commands_;
    int listenFd_ = -1;
    int wakeFds_[2] = {-1, -1};
    std::thread thread_;
};

// One request over a control socket: writes `command`, returns the reply. std::runtime_error when
// nothing listens at `socketPath` or the reply does not arrive within `timeout`.
std::string sendControlCommand(const std::filesystem::path& socketPath, const std::string& command,
                               std::chrono::milliseconds timeout);

} // namespace msgx::daemon
