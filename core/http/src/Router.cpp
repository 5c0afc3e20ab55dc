#include "msgx/http/Router.h"

#include "msgx/codec/Ascii.h"
#include "msgx/http/ApiError.h"
#include "msgx/http/ConnectionDeadlines.h"
#include "msgx/log/Log.h"
#include "msgx/storage/InfraError.h"

#include <Poco/Exception.h>
#include <Poco/Net/IPAddress.h>
#include <Poco/String.h>
#include <Poco/URI.h>

#include <algorithm>
#include <set>

namespace msgx::http {

namespace {

std::vector<std::string> segmentsOf(const std::string& path) {
    std::vector<std::string> segments;
    std::size_t start = 1;
    while (start <= path.size()) {
        const std::size_t slash = std::min(path.find('/', start), path.size());
        segments.push_back(path.substr(start, slash - start));
        start = slash + 1;
    }
    return segments;
}

// The {name} -> value map when `path` matches `pattern`.
std::optional<std::map<std::string, std::string>> match(const std::string& pattern, const std::string& path) {
    const auto want = segmentsOf(pattern);
    const auto have = segmentsOf(path);
    if (want.size() != have.size()) {
        return std::nullopt;
    }
    std::map<std::string, std::string> params;
    for (std::size_t i = 0; i < want.size(); ++i) {
        if (want[i].size() > 2 && want[i].front() == '{' && want[i].back() == '}') {
            if (have[i].empty()) {
                return std::nullopt;
            }
            params[want[i].substr(1, want[i].size() - 2)] = have[i];
        } else if (want[i] != have[i]) {
            return std::nullopt;
        }
    }
    return params;
}

// The token of "Authorization: Bearer <token>"; nullopt when the header is absent or of another form.
std::optional<std::string> bearerToken(const Poco::Net::HTTPServerRequest& request) {
    if (!request.has("Authorization")) {
        return std::nullopt;
    }
    const std::string& value = request.get("Authorization");
    constexpr std::string_view kScheme = "bearer ";
    if (value.size() <= kScheme.size()) {
        return std::nullopt;
    }
    for (std::size_t i = 0; i < kScheme.size(); ++i) {
        const char c = value[i];
        if (codec::toAsciiLower(c) != kScheme[i]) {
            return std::nullopt;
        }
    }
    std::string token = value.substr(kScheme.size());
    const auto first = token.find_first_not_of(' ');
    if (first == std::string::npos) {
        return std::nullopt;
    }
    token.erase(0, first);
    while (!token.empty() && token.back() == ' ') {
        token.pop_back();
    }
    return token;
}

bool isControl(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f;
}

// The value of a header sent once, nullopt when absent; ApiError 400 when it is sent twice (two
// Host headers may be read differently by a proxy in front and by msgxd).
std::optional<std::string> singleHeader(const Poco::Net::HTTPServerRequest& request,
                                        const std::string& name) {
    std::optional<std::string> value;
    for (auto it = request.find(name); it != request.end() && Poco::icompare(it->first, name) == 0; ++it) {
        if (value) {
            throw ApiError(400, "BAD_REQUEST", "the " + name + " header is sent more than once");
        }
        value = it->second;
    }
    return value;
}

// Whose calls the rate limit counts together: an IPv4 address, or the /64 of an IPv6 one (a host
// is given a whole /64 and may send from any address in it).
std::string peerKey(const Poco::Net::IPAddress& address) {
    if (address.family() != Poco::Net::IPAddress::IPv6 || address.isIPv4Mapped()) {
        return address.toString();
    }
    return (address & Poco::Net::IPAddress(64, Poco::Net::IPAddress::IPv6)).toString() + "/64";
}

} // namespace

RouterGuards RouterGuards::of(const config::HttpConfig& http, const Clock& clock) {
    RouterGuards guards;
    guards.origins = OriginPolicy(http.allowedHosts, http.allowedOrigins);
    if (http.compatRateLimit > 0) {
        guards.compatRate =
            std::make_shared<PeerRateLimit>(clock, http.compatRateLimit, http.compatRateBurst);
    }
    guards.bodies = std::make_shared<BodyBudget>(http.bodyBudget);
    return guards;
}

RouterGuards RouterGuards::defaults() {
    const config::HttpConfig http;
    RouterGuards guards;
    guards.bodies = std::make_shared<BodyBudget>(http.bodyBudget);
    return guards;
}

std::string printableTarget(const std::string& target) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(target.size());
    for (const char c : target) {
        if (isControl(c)) {
            const auto byte = static_cast<unsigned char>(c);
            out += '%';
            out += kHex[byte >> 4];
            out += kHex[byte & 0xf];
        } else {
            out += c;
        }
    }
    return out;
}

std::string safePath(const std::string& target) {
    const std::string raw = target.substr(0, target.find('?'));
    std::string path;
    try {
        Poco::URI::decode(raw, path);
    } catch (const Poco::Exception& e) {
        throw ApiError(400, "BAD_PATH", "the path cannot be decoded: " + e.message());
    }
    if (path.empty() || path.front() != '/') {
        throw ApiError(400, "BAD_PATH", "the path must start with /");
    }
    if (path.find('\0') != std::string::npos || path.find('\\') != std::string::npos) {
        throw ApiError(400, "BAD_PATH", "the path holds a NUL byte or a backslash");
    }
    if (std::any_of(path.begin(), path.end(), isControl)) {
        throw ApiError(400, "BAD_PATH", "the path holds a control character (raw or percent-encoded)");
    }
    const auto segments = segmentsOf(path);
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const std::string& s = segments[i];
        if (s == "." || s == "..") {
            throw ApiError(400, "BAD_PATH", "the path holds a '" + s + "' segment");
        }
        // "/" alone and a trailing "/" (/console/) are an empty last segment; one elsewhere is "//".
        if (s.empty() && i + 1 < segments.size()) {
            throw ApiError(400, "BAD_PATH", "the path holds an empty segment (//)");
        }
    }
    return path;
}

Router::Router(std::vector<Route> routes, std::optional<TokenFile> compatTokens,
               std::optional<TokenFile> opsTokens, RouterGuards guards)
    : routes_(std::move(routes)), compatTokens_(std::move(compatTokens)), opsTokens_(std::move(opsTokens)),
      guards_(std::move(guards)) {}

std::vector<std::string> Router::routeList() const {
    std::vector<std::string> list;
    for (const auto& route : routes_) {
        list.push_back(route.method + " " + route.pattern);
    }
    return list;
}

void Router::authorize(Exchange& exchange, const Route& route) const {
    if (route.access == Access::Public) {
        return;
    }
    const std::optional<TokenFile>& tokens = route.access == Access::Operator ? opsTokens_ : compatTokens_;
    if (!tokens) {
        if (route.access == Access::Operator) {
            throw ApiError(403, "FORBIDDEN", "the operator API is off: http.ops-token-file is not set");
        }
        return;
    }
    const auto token = bearerToken(exchange.request());
    if (!token) {
        throw ApiError(401, "UNAUTHORIZED", "this endpoint needs an 'Authorization: Bearer <token>' header");
    }
    const auto name = tokens->operatorFor(*token);
    if (!name) {
        throw ApiError(403, "FORBIDDEN", "the token is not known");
    }
    exchange.setOperator(*name);
}

// A browser sends Origin with every POST and Sec-Fetch-Site with every request; a cross-site one
// to a POST (it changes something) or to a compat route (no token by default) is refused. Other
// GETs pass: a browser shows another site no answer without CORS headers, which msgxd never sends.
void Router::checkBrowser(Exchange& exchange, const Route& route) const {
    if (route.method != "POST" && route.access != Access::Compat) {
        return;
    }
    const auto& request = exchange.request();
    const auto problem = guards_.origins.crossSiteProblem(singleHeader(request, "Origin"),
                                                          singleHeader(request, "Sec-Fetch-Site"),
                                                          singleHeader(request, "Host"));
    if (problem) {
        throw ApiError(403, "CROSS_SITE", *problem);
    }
}

void Router::dispatch(Exchange& exchange, const Route*& matched) const {
    const std::string& version = exchange.request().getVersion();
    if (version != Poco::Net::HTTPMessage::HTTP_1_1 && version != Poco::Net::HTTPMessage::HTTP_1_0) {
        // Poco takes what follows a blank in the target for the version and would echo it.
        exchange.request().response().setVersion(Poco::Net::HTTPMessage::HTTP_1_1);
        throw ApiError(400, "BAD_REQUEST",
                       "the request line is not METHOD TARGET HTTP/1.x (a blank in the target?)");
    }
    exchange.setPath(safePath(exchange.request().getURI()));
    std::set<std::string> allowed;
    std::optional<std::map<std::string, std::string>> params;
    for (const auto& route : routes_) {
        auto found = match(route.pattern, exchange.path());
        if (!found) {
            continue;
        }
        if (route.method != exchange.method()) {
            allowed.insert(route.method);
            continue;
        }
        matched = &route;
        params = std::move(found);
        break;
    }
    // Before 404/405: a page that rebinds a name learns nothing, not even which paths exist.
    if (const auto host = singleHeader(exchange.request(), "Host")) {
        if (const auto problem = guards_.origins.hostProblem(*host)) {
            throw ApiError(403, "HOST_NOT_ALLOWED", *problem);
        }
    }
    if (matched != nullptr) {
        const Route& route = *matched;
        exchange.setPathParams(std::move(*params));
        checkBrowser(exchange, route);
        if (route.access == Access::Compat && guards_.compatRate) {
            const std::string peer = peerKey(exchange.request().clientAddress().host());
            if (const auto wait = guards_.compatRate->admit(peer)) {
                throw ApiError(429, "RATE_LIMITED",
                               "more calls from " + peer +
                                   " than http.compat-rate-limit allows: call again in " +
                                   std::to_string(*wait) + " s",
                               *wait);
            }
        }
        authorize(exchange, route);
        route.handler(exchange);
        return;
    }
    if (!allowed.empty()) {
        std::string list;
        for (const auto& method : allowed) {
            list += (list.empty() ? "" : ", ") + method;
        }
        throw ApiError(405, "METHOD_NOT_ALLOWED",
                       exchange.method() + " is not served at " + exchange.path() + " (allowed: " + list +
                           ")");
    }
    throw ApiError(404, "NOT_FOUND", "no endpoint " + exchange.method() + " " + exchange.path());
}

void Router::handle(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) const {
    ConnectionDeadlines::currentHeadRead();
    Exchange exchange(request, response, guards_.bodies.get());
    const Route* matched = nullptr;
    std::optional<ApiError> failure;
    try {
        dispatch(exchange, matched);
    } catch (const ApiError& e) {
        failure = e;
    } catch (const storage::InfraError& e) {
        failure = ApiError(503, "STORE_UNAVAILABLE", std::string("the own store failed: ") + e.what());
    } catch (const std::exception& e) {
        log::error("http: {} {} failed: {}", request.getMethod(), exchange.path(), e.what());
        failure = ApiError(500, "INTERNAL", "internal error (logged by msgxd)");
    }
    if (failure) {
        if (exchange.answered()) {
            exchange.abortConnection(); // a stream already begun: cut it, never end it as if complete
            exchange.setResult("cut after the answer began: " + std::string(failure->what()));
        } else {
            try {
                if (failure->status() == 401) {
                    response.set("WWW-Authenticate", "Bearer");
                }
                if (const auto seconds = failure->retryAfterSeconds()) {
                    response.set("Retry-After", std::to_string(*seconds));
                }
                if (failure->status() == 405) {
                    std::string allow;
                    for (const auto& route : routes_) {
                        if (match(route.pattern, exchange.path()) &&
                            allow.find(route.method) == std::string::npos) {
                            allow += (allow.empty() ? "" : ", ") + route.method;
                        }
                    }
                    response.set("Allow", allow);
                }
                exchange.answerJson(failure->status(), errorBody(failure->code(), failure->what()));
                exchange.lingerIfBodyUnread();
            } catch (const std::exception& e) {
                log::debug("http: the error answer to {} could not be sent: {}", exchange.peer(), e.what());
            }
            exchange.setResult(failure->code() + ": " + failure->what());
        }
    }
    // A refused path is shown as sent, its control characters encoded (safePath refused them).
    const std::string shownPath =
        exchange.path().empty() ? printableTarget(request.getURI()) : exchange.path();
    const bool ops =
        matched != nullptr ? matched->access == Access::Operator : shownPath.rfind("/ops/", 0) == 0;
    const std::string who = exchange.operatorName().value_or("-");
    const std::string action =
        matched != nullptr ? matched->action : printableTarget(request.getMethod()) + " " + shownPath;
    if (ops) {
        log::info("ops: operator={} action={} status={} {}", who, action, exchange.status(),
                  exchange.result());
    } else if (matched != nullptr && matched->access == Access::Compat) {
        log::info("compat: peer={} token={} action={} status={} {}", exchange.peer(), who, action,
                  exchange.status(), exchange.result());
    } else {
        log::debug("http: {} {} {} -> {} {}", exchange.peer(), printableTarget(request.getMethod()),
                   shownPath, exchange.status(), exchange.result());
    }
}

} // namespace msgx::http
