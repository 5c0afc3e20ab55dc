#pragma once

#include "msgx/http/Exchange.h"
#include "msgx/http/TokenFile.h"

#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

#include <functional>
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

// Answers every request: refuses an unsafe path (400 BAD_PATH), finds the route (404, 405 with
// Allow), checks the token (401 with WWW-Authenticate, 403), runs the endpoint and turns what it
// throws into the error answer (ApiError as it says; storage::InfraError 503 STORE_UNAVAILABLE;
// anything else 500 INTERNAL, logged). Writes the access log: one INFO line per /ops call
// ("ops: operator=<name> action=<action> status=<code> <result>"), DEBUG for the others. Neither
// log line ever holds a token or the Authorization header.
class Router {
public:
    // Token files absent: compat routes ask for none, operator routes refuse every call (403).
    Router(std::vector<Route> routes, std::optional<TokenFile> compatTokens,
           std::optional<TokenFile> opsTokens);

    // Never throws.
    void handle(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) const;

    // "METHOD /pattern", one per route, in route order (msgxd --http-routes).
    [[nodiscard]] std::vector<std::string> routeList() const;

private:
    void dispatch(Exchange& exchange, const Route*& matched) const;
    void authorize(Exchange& exchange, const Route& route) const;

    std::vector<Route> routes_;
    std::optional<TokenFile> compatTokens_;
    std::optional<TokenFile> opsTokens_;
};

// The decoded path of a request target without its query, or ApiError 400 BAD_PATH: not starting
// with '/', an empty segment ("//"; a trailing "/" is allowed: /console/), a "." or ".." segment
// (also percent-encoded), a backslash or a NUL byte.
std::string safePath(const std::string& target);

} // namespace msgx::http
