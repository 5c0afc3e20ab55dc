#pragma once

#include "msgx/config/Milliseconds.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace msgx::config {

// The HTTP side of msgxd (docs/http.md): one listener, the compat endpoints, health and /ops.
struct HttpEndpoint {
    std::string host = "127.0.0.1"; // an IPv4 address, or an IPv6 one written [..] in the file
    int port = 8470;
    bool operator==(const HttpEndpoint&) const = default;
};
// As written in the file: "127.0.0.1:8470", "[::1]:8470".
std::string formatListen(const HttpEndpoint& endpoint);

struct HttpConfig {
    bool enabled = true;
    HttpEndpoint listen;
    int threads = 128;   // request threads (a slow client holds one until its timeout)
    int maxQueued = 256; // accepted connections waiting for a thread; more are closed at once
    Milliseconds headerTimeout = std::chrono::seconds(10); // the whole request head
    Milliseconds bodyTimeout = std::chrono::seconds(30);   // the whole body
    std::optional<std::string> compatTokenFile; // tokens for the compat endpoints; none: no token asked
    std::optional<std::string> opsTokenFile;    // tokens for /ops/*; none: /ops refuses every call
    int allFlightsLimit = 100000;               // GET /all/flights refuses a larger answer
    Milliseconds schdSyncWait = std::chrono::seconds(2); // POST /schd/sync waits this long for SENT
    std::string consoleDir = "/usr/share/msgx/console";  // the console's files, served at /console/
};

} // namespace msgx::config
