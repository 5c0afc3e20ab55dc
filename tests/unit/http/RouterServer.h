#pragma once

// An HttpServer on a free loopback port in the test process, answering through a Router of stub
// routes, and a raw client for it: the request checks of the router (docs/security.md) are seen
// through real sockets, without a daemon, a store or a mailbox.
#include "msgx/clock/SystemClock.h"
#include "msgx/config/HttpConfig.h"
#include "msgx/http/HttpServer.h"
#include "msgx/http/Router.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace msgx::http::test {

// One answer as the client read it.
struct RawAnswer {
    int status = 0;                             // 0: no status line (closed without an answer, or timed out)
    std::map<std::string, std::string> headers; // lower-case names
    std::string body;

    [[nodiscard]] std::string header(const std::string& lowerCaseName) const;
    // The err_code of a JSON error body, "" when there is none.
    [[nodiscard]] std::string errCode() const;
    [[nodiscard]] std::string describe() const;
};

// The routes the tests call, each answering {"is_success": true} after its own work:
//   POST /cminmsgs/send  compat    reads its body (at most 10 MB)
//   GET  /all/flights    compat
//   GET  /health         public
//   GET  /ops/status     operator
//   POST /ops/replay/apply operator, reads a JSON body
std::vector<Route> stubRoutes();

class RouterServer {
public:
    explicit RouterServer(Router router, config::HttpConfig config = loopbackConfig());
    ~RouterServer();

    [[nodiscard]] std::uint16_t port() const { return server_->port(); }
    [[nodiscard]] const Router& router() const { return router_; }

    // http.listen 127.0.0.1:0 and short head/body timeouts, the other keys as their defaults.
    static config::HttpConfig loopbackConfig();

private:
    Router router_;
    config::HttpConfig config_;
    SystemClock clock_;
    std::unique_ptr<HttpServer> server_;
};

// "METHOD target HTTP/1.1", the header lines (each "Name: value"), a Content-Length when `body`
// is given, then the body.
std::string rawRequest(const std::string& method, const std::string& target,
                       const std::vector<std::string>& headerLines, const std::string* body = nullptr);
// Sends `bytes` on a fresh connection and reads until the server closes it (at most `timeoutMs`).
RawAnswer roundTrip(std::uint16_t port, const std::string& bytes, int timeoutMs = 10000);

} // namespace msgx::http::test
