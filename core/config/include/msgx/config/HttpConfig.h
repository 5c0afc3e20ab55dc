#pragma once

#include "msgx/config/Milliseconds.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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
    // Browsers (docs/security.md): Host names accepted beside loopback names and addresses (DNS
    // rebinding), and origins of other sites' pages that may call (same-origin always may).
    std::vector<std::string> allowedHosts;
    std::vector<std::string> allowedOrigins;
    int compatRateLimit = 0;  // calls a second per peer on the compat endpoints; 0: no limit
    int compatRateBurst = 20; // calls a peer may make at once before the rate applies
    std::uint64_t bodyBudget = 64ULL * 1024 * 1024; // request bodies in memory at once, all connections
};

// Whether `host` (as http.listen holds it) is a loopback address: 127.0.0.0/8 or ::1.
bool isLoopbackAddress(const std::string& host);

} // namespace msgx::config
