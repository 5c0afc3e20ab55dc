// The router's refusals of hostile and cross-site callers (docs/security.md), through real sockets
// against an in-process HttpServer with stub routes (RouterServer.h): DNS rebinding (Host), a
// cross-site browser POST (Origin, Sec-Fetch-Site), control characters in the path and the
// access log lines they could forge, the per-peer rate limit of the compat endpoints on a manual
// clock, and the one budget of request bodies in flight.
#include "CapturedLog.h"
#include "RouterServer.h"
#include "msgx/clock/ManualClock.h"
#include "msgx/http/TokenFile.h"

#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <thread>

namespace msgx::http::test {
namespace {

using ::testing::HasSubstr;

const std::string kXml = "<MSG><META><TYPE>FLOP</TYPE></META></MSG>";
const std::string kCompatToken = "legacy-gateway-token-0123";
const std::string kOpsToken = "alice-ops-token-0123456789";

std::string host(std::uint16_t port) {
    return "Host: 127.0.0.1:" + std::to_string(port);
}

std::string post(std::uint16_t port, const std::vector<std::string>& extraHeaders) {
    std::vector<std::string> headers{host(port), "Content-Type: text/plain"};
    headers.insert(headers.end(), extraHeaders.begin(), extraHeaders.end());
    return rawRequest("POST", "/cminmsgs/send", headers, &kXml);
}

Router plainRouter() {
    return Router(stubRoutes(), std::nullopt, std::nullopt);
}

Router tokenRouter() {
    return Router(stubRoutes(), TokenFile::parse("legacy-gw " + kCompatToken + "\n", "compat.tokens"),
                  TokenFile::parse("alice " + kOpsToken + "\n", "ops.tokens"));
}

using namespace std::chrono_literals;

Router guardedRouter(const config::HttpConfig& http, const Clock& clock) {
    return Router(stubRoutes(), std::nullopt, std::nullopt, RouterGuards::of(http, clock));
}

TEST(RequestGuard, ACrossSiteBrowserPostIsRefusedAndTheConsolesOwnPostPasses) {
    const RouterServer server(plainRouter());
    const std::uint16_t port = server.port();
    const RawAnswer evil = roundTrip(port, post(port, {"Origin: http://evil.example"}));
    EXPECT_EQ(evil.status, 403) << evil.describe();
    EXPECT_EQ(evil.errCode(), "CROSS_SITE") << evil.describe();
    const RawAnswer fetchCrossSite = roundTrip(port, post(port, {"Sec-Fetch-Site: cross-site"}));
    EXPECT_EQ(fetchCrossSite.status, 403) << fetchCrossSite.describe();
    EXPECT_EQ(fetchCrossSite.errCode(), "CROSS_SITE");
    // Another port of the same host is another origin (a local dev server's page).
    const RawAnswer otherPort = roundTrip(port, post(port, {"Origin: http://127.0.0.1:3000"}));
    EXPECT_EQ(otherPort.status, 403) << otherPort.describe();
    const RawAnswer nullOrigin = roundTrip(port, post(port, {"Origin: null"}));
    EXPECT_EQ(nullOrigin.status, 403) << "a sandboxed frame or a file:// page: " << nullOrigin.describe();

    const RawAnswer sameOrigin = roundTrip(
        port,
        post(port, {"Origin: http://127.0.0.1:" + std::to_string(port), "Sec-Fetch-Site: same-origin"}));
    EXPECT_EQ(sameOrigin.status, 200) << "the console's own POST: " << sameOrigin.describe();
    const RawAnswer noBrowser = roundTrip(port, post(port, {}));
    EXPECT_EQ(noBrowser.status, 200) << "a legacy client sends neither header: " << noBrowser.describe();
    const RawAnswer opsCrossSite = roundTrip(
        port,
        rawRequest("POST", "/ops/replay/apply",
                   {host(port), "Origin: http://evil.example", "Content-Type: application/json"}, &kXml));
    EXPECT_EQ(opsCrossSite.errCode(), "CROSS_SITE") << "every POST: " << opsCrossSite.describe();
}

TEST(RequestGuard, AHostThatIsNoLoopbackNameNorAnAddressIsRefusedAtAnyPort) {
    const RouterServer server(plainRouter());
    const std::uint16_t port = server.port();
    // DNS rebinding: a page of evil.example whose name now resolves to 127.0.0.1 is same-origin to
    // the browser; only the Host it sends tells it apart.
    for (const std::string& target : {std::string("/cminmsgs/send"), std::string("/all/flights")}) {
        const bool isPost = target == "/cminmsgs/send";
        const std::string request =
            rawRequest(isPost ? "POST" : "GET", target,
                       {"Host: evil.example:" + std::to_string(port),
                        "Origin: http://evil.example:" + std::to_string(port), "Content-Type: text/plain"},
                       isPost ? &kXml : nullptr);
        const RawAnswer rebound = roundTrip(port, request);
        EXPECT_EQ(rebound.status, 403) << target << ": " << rebound.describe();
        EXPECT_EQ(rebound.errCode(), "HOST_NOT_ALLOWED") << target << ": " << rebound.describe();
    }
    for (const std::string& name :
         {std::string("localhost:18470"), std::string("LOCALHOST"), std::string("msgx.localhost:1"),
          std::string("127.0.0.1"), std::string("[::1]:8470"), std::string("10.1.2.3:80")}) {
        const RawAnswer answer = roundTrip(port, rawRequest("GET", "/all/flights", {"Host: " + name}));
        EXPECT_EQ(answer.status, 200)
            << name << " (a loopback name or an address, any port): " << answer.describe();
    }
    const RawAnswer noHost = roundTrip(port, "GET /all/flights HTTP/1.0\r\n\r\n");
    EXPECT_EQ(noHost.status, 200) << "HTTP/1.0 without Host is no browser: " << noHost.describe();
}

// http.allowed-hosts and http.allowed-origins: the names a site reaches msgxd by, and the pages of
// other sites it trusts to post (any case, the default port written or not).
TEST(RequestGuard, ConfiguredHostsAndOriginsPass) {
    config::HttpConfig http = RouterServer::loopbackConfig();
    http.allowedHosts = {"msgx.airport.example"};
    http.allowedOrigins = {"https://ops.airport.example", "http://tools.airport.example:8080"};
    SystemClock clock;
    const RouterServer server(guardedRouter(http, clock), http);
    const std::uint16_t port = server.port();
    const auto call = [&](const std::string& host, const std::string& origin) {
        std::vector<std::string> headers{"Host: " + host, "Content-Type: text/plain"};
        if (!origin.empty()) {
            headers.push_back("Origin: " + origin);
        }
        return roundTrip(port, rawRequest("POST", "/cminmsgs/send", headers, &kXml));
    };
    EXPECT_EQ(call("MSGX.airport.example:8470", "").status, 200);
    EXPECT_EQ(call("msgx.airport.example", "http://msgx.airport.example").status, 200) << "same origin";
    EXPECT_EQ(call("msgx.airport.example:8470", "https://ops.airport.example:443").status, 200);
    EXPECT_EQ(call("msgx.airport.example:8470", "http://TOOLS.airport.example:8080").status, 200);
    EXPECT_EQ(call("msgx.airport.example:8470", "http://tools.airport.example").errCode(), "CROSS_SITE")
        << "another port is another origin";
    EXPECT_EQ(call("other.airport.example", "").errCode(), "HOST_NOT_ALLOWED");
    EXPECT_EQ(call("msgx.airport.example.evil.example", "").errCode(), "HOST_NOT_ALLOWED");
}

// Two Host headers could be read differently by a proxy in front and by msgxd.
TEST(RequestGuard, TwoHostHeadersAreRefused) {
    const RouterServer server(plainRouter());
    const RawAnswer answer = roundTrip(
        server.port(), rawRequest("GET", "/all/flights", {"Host: 127.0.0.1", "Host: evil.example"}));
    EXPECT_EQ(answer.status, 400) << answer.describe();
}

TEST(RequestGuard, AControlCharacterInThePathIs400AndForgesNoLogLine) {
    const RouterServer server(plainRouter());
    const std::uint16_t port = server.port();
    const msgx::test::CapturedLog log("%l %v");
    // The text of a forged access line, percent-encoded (a blank would end the request target).
    const std::string forged =
        "2026-01-01T00:00:00.000Z%20info%20%20ops:%20operator=alice%20action=replay-apply%20status=200";
    for (const std::string& target :
         {"/ops/x%0a" + forged, "/ops/x%0d%0a" + forged, std::string("/ops/x%1b[2J"),
          std::string("/ops/x%7f"), std::string("/health\x01"), std::string("/ops/a\x7f")}) {
        const RawAnswer answer = roundTrip(port, rawRequest("GET", target, {host(port)}));
        EXPECT_EQ(answer.status, 400) << target << ": " << answer.describe();
        EXPECT_EQ(answer.errCode(), "BAD_PATH") << target << ": " << answer.describe();
    }
    for (const std::string& line : log.linesWith("operator=alice")) {
        EXPECT_THAT(line, ::testing::StartsWith("info ops: operator=- action=GET /ops/x%0"))
            << "a forged access line was written";
    }
    for (const std::string& line : log.linesWith("ops: ")) {
        EXPECT_THAT(line, ::testing::StartsWith("info ops: operator=- action=GET /ops/")) << line;
    }
}

TEST(RequestGuard, EveryCompatCallIsOneInfoLineNamingThePeerAndTheToken) {
    const RouterServer server(tokenRouter());
    const std::uint16_t port = server.port();
    const msgx::test::CapturedLog log("%l %v");
    const RawAnswer ok = roundTrip(port, post(port, {"Authorization: Bearer " + kCompatToken}));
    ASSERT_EQ(ok.status, 200) << ok.describe();
    const RawAnswer flights = roundTrip(port, rawRequest("GET", "/all/flights", {host(port)}));
    ASSERT_EQ(flights.status, 401) << flights.describe();
    const auto lines = log.linesWith("compat: ");
    ASSERT_EQ(lines.size(), 2u) << "one per call";
    EXPECT_THAT(lines[0], ::testing::MatchesRegex(
                              "info compat: peer=127\\.0\\.0\\.1:[0-9]+ token=legacy-gw action=inject "
                              "status=200 read [0-9]+ bytes"));
    EXPECT_THAT(lines[1],
                ::testing::MatchesRegex(
                    "info compat: peer=127\\.0\\.0\\.1:[0-9]+ token=- action=all-flights status=401 "
                    "UNAUTHORIZED: .*"));
    EXPECT_TRUE(log.linesWith(kCompatToken).empty()) << "never the token";
}

// http.compat-rate-limit 2 a second with a burst of 3: the fourth call at once is 429 with the
// seconds to wait; after them (a manual clock, no sleep) it passes again. Other routes are not
// limited, and neither are calls from another peer (covered by PeerRateLimitTest).
TEST(RequestGuard, TheCompatEndpointsAreRateLimitedPerPeer) {
    config::HttpConfig http = RouterServer::loopbackConfig();
    http.compatRateLimit = 2;
    http.compatRateBurst = 3;
    ManualClock clock(ManualClock::time_point{} + std::chrono::hours(24 * 365 * 50));
    const RouterServer server(guardedRouter(http, clock), http);
    const std::uint16_t port = server.port();
    const msgx::test::CapturedLog log("%l %v");
    const std::string flights = rawRequest("GET", "/all/flights", {host(port)});
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(roundTrip(port, i == 1 ? post(port, {}) : flights).status, 200) << i;
    }
    const RawAnswer limited = roundTrip(port, post(port, {}));
    EXPECT_EQ(limited.status, 429) << limited.describe();
    EXPECT_EQ(limited.errCode(), "RATE_LIMITED") << limited.describe();
    EXPECT_EQ(limited.header("retry-after"), "1") << limited.describe();
    EXPECT_EQ(roundTrip(port, rawRequest("GET", "/health", {host(port)})).status, 200)
        << "not a compat route";
    clock.advance(500ms);
    EXPECT_EQ(roundTrip(port, flights).status, 200) << "one call came back after half a second";
    EXPECT_EQ(roundTrip(port, flights).status, 429);
    const auto lines = log.linesWith("status=429");
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_THAT(lines[0], ::testing::StartsWith("info compat: peer=127.0.0.1:"));
    EXPECT_THAT(lines[0], HasSubstr("action=inject status=429 RATE_LIMITED"));
}

// Bodies announced by Content-Length reserve their size before a byte of them is read: with a budget
// of three such bodies, a fourth waiting at once is refused at once (503 BUSY, Retry-After 1)
// instead of being read into memory beside the other three; once one of them is answered, the
// budget takes the next again.
TEST(RequestGuard, BodiesInFlightShareOneBudget) {
    config::HttpConfig http = RouterServer::loopbackConfig();
    http.bodyBudget = 3 * 1024 * 1024;
    SystemClock clock;
    const RouterServer server(guardedRouter(http, clock), http);
    const std::uint16_t port = server.port();
    const std::string body(1024 * 1024, 'x');
    const std::string head =
        "POST /cminmsgs/send HTTP/1.1\r\n" + host(port) +
        "\r\nContent-Type: text/plain\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n";
    const BodyBudget& budget = *server.router().guards().bodies;
    std::vector<Poco::Net::StreamSocket> held;
    for (int i = 0; i < 3; ++i) {
        Poco::Net::StreamSocket socket;
        socket.connect(Poco::Net::SocketAddress("127.0.0.1", port), Poco::Timespan(5, 0));
        socket.sendBytes(head.data(), static_cast<int>(head.size()));
        held.push_back(socket);
    }
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (budget.inUse() < budget.capacity() && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(5ms); // the server's threads reserve; bounded wait for them
    }
    ASSERT_EQ(budget.inUse(), budget.capacity());
    const RawAnswer fourth = roundTrip(port, head + body);
    EXPECT_EQ(fourth.status, 503) << fourth.describe();
    EXPECT_EQ(fourth.errCode(), "BUSY") << fourth.describe();
    EXPECT_EQ(fourth.header("retry-after"), "1") << fourth.describe();
    held[0].sendBytes(body.data(), static_cast<int>(body.size()));
    held[0].close();
    RawAnswer fifth;
    for (int attempt = 0; attempt < 100 && fifth.status != 200; ++attempt) {
        fifth = roundTrip(port, head + body);
    }
    EXPECT_EQ(fifth.status, 200) << "the budget is given back: " << fifth.describe();
    for (std::size_t i = 1; i < held.size(); ++i) {
        held[i].close();
    }
}

} // namespace
} // namespace msgx::http::test
