#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/Config.h"
#include "msgx/http/ConnectionDeadlines.h"
#include "msgx/http/Router.h"

#include <cstdint>
#include <memory>
#include <stop_token>
#include <thread>

namespace Poco {
class ThreadPool;
namespace Net {
class TCPServer;
}
} // namespace Poco

namespace msgx::http {

// The daemon's one HTTP listener (Poco Net), configured by the http section: http.threads request
// threads, http.max-queued connections waiting for one (more are closed at once), one request per
// connection (keep-alive off), and the total head and body deadlines of ConnectionDeadlines
// enforced by a reaper thread. Every request goes to the router.
class HttpServer {
public:
    HttpServer(const config::HttpConfig& config, const Router& router, Clock& clock);
    ~HttpServer(); // stop()
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Binds http.listen and starts serving. Throws std::runtime_error naming the address when it
    // cannot be bound (in use, not an address of this host).
    void start();
    // Stops accepting, closes the open connections and waits for the request threads. Idempotent.
    void stop();

    // The bound port (http.listen's, or the one the system chose for port 0 in tests).
    [[nodiscard]] std::uint16_t port() const { return port_; }

private:
    const config::HttpConfig& config_;
    const Router& router_;
    Clock& clock_;
    ConnectionDeadlines deadlines_;
    std::unique_ptr<Poco::ThreadPool> pool_;
    std::unique_ptr<Poco::Net::TCPServer> server_;
    std::jthread reaper_;
    std::uint16_t port_ = 0;
};

} // namespace msgx::http
