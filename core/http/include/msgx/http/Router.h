#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/HttpConfig.h"
#include "msgx/http/BodyBudget.h"
#include "msgx/http/Exchange.h"
#include "msgx/http/OriginPolicy.h"
#include "msgx/http/PeerRateLimit.h"
#include "msgx/http/TokenFile.h"

#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace msgx::http {

// Who may call a route (docs/http.md "Tokens").
enum class Access {
    Public,   // no token (health)
    Compat,   // a token of http.compat-token-file when that is set, else none
    Operator, // a token of http.ops-token-file, always; its operator is named in the access log
};

struct Route {
    std::string method;  // "GET", "POST"
    std::string pattern; // "/ops/messages/{id}": a {name} segment matches any one non-empty segment
    Access access = Access::Public;
    std::string action; // the access log's name of the call ("replay-apply")
    std::function<void(Exchange&)> handler;
};

// What the router checks before a route's token (docs/security.md), shared by its copies.
struct RouterGuards {
    OriginPolicy origins;                      // Host, Origin, Sec-Fetch-Site
    std::shared_ptr<PeerRateLimit> compatRate; // the compat routes' per-peer limit; null: none
    std::shared_ptr<BodyBudget> bodies;        // request bodies in memory at once; null: no bound

    // http.allowed-hosts, http.allowed-origins, http.compat-rate-limit (on `clock`),
    // http.compat-rate-burst and http.body-budget.
    static RouterGuards of(const config::HttpConfig& http, const Clock& clock);
    // As of() with every key at its default: no rate limit, so no clock.
    static RouterGuards defaults();
};

// Answers every request. In this order (docs/http.md "Order of the checks"): refuses an unsafe
// path (400 BAD_PATH, a control character included), a Host that is no loopback name, no address
// and not allowed (403 HOST_NOT_ALLOWED: DNS rebinding), finds the route (404, 405 with Allow),
// refuses a cross-site browser request to a POST or compat route (403 CROSS_SITE), takes the compat
// caller's call from its rate limit (429 RATE_LIMITED with Retry-After), checks the token (401 with
// WWW-Authenticate, 403), runs the endpoint and turns what it throws into the error answer
// (ApiError as it says; storage::InfraError 503 STORE_UNAVAILABLE; anything else 500 INTERNAL,
// logged). Writes the access log: one INFO line per /ops call
// ("ops: operator=<name> action=<action> status=<code> <result>") and per compat call
// ("compat: peer=<address:port> token=<name> action=<action> status=<code> <result>"), DEBUG for
// the others. No log line ever holds a token, the Authorization header or a raw control character
// of the request.
class Router {
public:
    // Token files absent: compat routes ask for none, operator routes refuse every call (403).
    Router(std::vector<Route> routes, std::optional<TokenFile> compatTokens,
           std::optional<TokenFile> opsTokens, RouterGuards guards = RouterGuards::defaults());

    // Never throws.
    void handle(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) const;

    // "METHOD /pattern", one per route, in route order (msgxd --http-routes).
    [[nodiscard]] std::vector<std::string> routeList() const;

    [[nodiscard]] const RouterGuards& guards() const { return guards_; }

private:
    void dispatch(Exchange& exchange, const Route*& matched) const;
    void checkBrowser(Exchange& exchange, const Route& route) const;
    void authorize(Exchange& exchange, const Route& route) const;

    std::vector<Route> routes_;
    std::optional<TokenFile> compatTokens_;
    std::optional<TokenFile> opsTokens_;
    RouterGuards guards_;
};

// The decoded path of a request target without its query, or ApiError 400 BAD_PATH: not starting
// with '/', an empty segment ("//"; a trailing "/" is allowed: /console/), a "." or ".." segment
// (also percent-encoded), a backslash, or a control character (bytes 0x00-0x1f and 0x7f, raw or
// percent-encoded: %0a would end the access log line the path is written into).
std::string safePath(const std::string& target);

// A request target as the access log may show it: every control character percent-encoded.
std::string printableTarget(const std::string& target);

} // namespace msgx::http
