// The http and limits sections (docs/configuration.md "http, limits"): every key loads, http.listen
// takes IPv4 and bracketed IPv6 addresses with a port and nothing else, ranges are enforced.
#include "ConfigTestSupport.h"

#include <gtest/gtest.h>

using namespace msgx::config;
using msgx::config::test::errorTexts;
using msgx::config::test::fakeEnv;
using msgx::config::test::minimalEmbedded;

using Texts = std::vector<std::string>;

namespace {

Config embeddedWith(const std::string& extra) {
    return parseConfig(minimalEmbedded(extra), "test.yaml", fakeEnv({}));
}

std::string listenError(const std::string& value) {
    const auto errors = errorTexts(minimalEmbedded("http:\n  listen: \"" + value + "\"\n"));
    return errors.empty() ? "" : errors.front();
}

} // namespace

TEST(HttpConfig, EveryKeyLoads) {
    const Config config = embeddedWith("http:\n"                                 // 15
                                       "  enabled: false\n"                      // 16
                                       "  listen: 0.0.0.0:9000\n"                // 17
                                       "  threads: 4\n"                          // 18
                                       "  max-queued: 12\n"                      // 19
                                       "  header-timeout: 2s\n"                  // 20
                                       "  body-timeout: 500ms\n"                 // 21
                                       "  compat-token-file: /etc/msgx/compat\n" // 22
                                       "  ops-token-file: /etc/msgx/ops\n"       // 23
                                       "  all-flights-limit: 2000\n"             // 24
                                       "  schd-sync-wait: 0ms\n"                 // 25
                                       "limits:\n"                               // 26
                                       "  max-document-size: 64KB\n");           // 27
    const HttpConfig& h = config.http;
    EXPECT_FALSE(h.enabled);
    EXPECT_EQ(h.listen, (HttpEndpoint{"0.0.0.0", 9000}));
    EXPECT_EQ(h.threads, 4);
    EXPECT_EQ(h.maxQueued, 12);
    EXPECT_EQ(h.headerTimeout, std::chrono::seconds(2));
    EXPECT_EQ(h.bodyTimeout, std::chrono::milliseconds(500));
    EXPECT_EQ(h.compatTokenFile, "/etc/msgx/compat");
    EXPECT_EQ(h.opsTokenFile, "/etc/msgx/ops");
    EXPECT_EQ(h.allFlightsLimit, 2000);
    EXPECT_EQ(h.schdSyncWait, std::chrono::milliseconds(0));
    EXPECT_EQ(config.limits.maxDocumentSize, 64u * 1024);
}

TEST(HttpConfig, DefaultsListenOnLoopbackWithNoTokenFiles) {
    const Config config = embeddedWith("");
    EXPECT_TRUE(config.http.enabled);
    EXPECT_EQ(formatListen(config.http.listen), "127.0.0.1:8470");
    EXPECT_FALSE(config.http.compatTokenFile);
    EXPECT_FALSE(config.http.opsTokenFile);
    EXPECT_EQ(config.limits.maxDocumentSize, 10u * 1024 * 1024);
}

TEST(HttpConfig, ListenTakesIpv6InBracketsAndPortZero) {
    EXPECT_EQ(embeddedWith("http:\n  listen: \"[::1]:8471\"\n").http.listen, (HttpEndpoint{"::1", 8471}));
    EXPECT_EQ(formatListen(HttpEndpoint{"::1", 8471}), "[::1]:8471");
    EXPECT_EQ(embeddedWith("http:\n  listen: 127.0.0.1:0\n").http.listen.port, 0);
}

TEST(HttpConfig, ListenRefusesNamesBadAddressesAndPorts) {
    const std::string expected = "must be HOST:PORT with an IPv4 address or [IPv6], port 0..65535";
    for (const std::string bad : {"localhost:8470", "127.0.0.1", "127.0.0.1:", ":8470", "127.0.0.256:80",
                                  "127.0.0:80", "127.0.0.1:65536", "127.0.0.1:80a", "::1:8470", "[::1:8470",
                                  "[]:80", "[zz::1]:80", "1.2.3.4.5:80"}) {
        EXPECT_NE(listenError(bad).find(expected), std::string::npos) << bad << ": " << listenError(bad);
    }
}

TEST(HttpConfig, RangesAreEnforced) {
    EXPECT_EQ(errorTexts(minimalEmbedded("http:\n  threads: 0\n")),
              Texts{"http.threads: must be 1..256, got 0 (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("http:\n  all-flights-limit: 0\n")),
              Texts{"http.all-flights-limit: must be 1..10000000, got 0 (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("limits:\n  max-document-size: 512B\n")),
              Texts{"limits.max-document-size: must be 1KB..1GB, got 512B (test.yaml line 16)"});
}

// Beyond loopback anyone who reaches the port could inject: the compat endpoints must then ask for a
// token, or msgxd refuses to start (docs/security.md).
TEST(HttpConfig, AListenerBeyondLoopbackRequiresTheCompatTokenFile) {
    const std::string expected =
        "http.compat-token-file: required key is missing (http.listen 0.0.0.0:8470 is not a loopback "
        "address: the compat endpoints need a token there)";
    const Texts errors = errorTexts(minimalEmbedded("http:\n  listen: 0.0.0.0:8470\n"));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].rfind(expected, 0), 0u) << errors[0];
    EXPECT_EQ(errorTexts(minimalEmbedded("http:\n  listen: \"[::]:8470\"\n")).size(), 1u);
    EXPECT_EQ(errorTexts(minimalEmbedded("http:\n  listen: 10.0.0.5:8470\n")).size(), 1u);
    for (const std::string loopback : {"127.0.0.1:8470", "127.1.2.3:1", "\"[::1]:8470\""}) {
        EXPECT_TRUE(errorTexts(minimalEmbedded("http:\n  listen: " + loopback + "\n")).empty()) << loopback;
    }
    EXPECT_TRUE(
        errorTexts(minimalEmbedded("http:\n  listen: 0.0.0.0:8470\n  compat-token-file: /etc/msgx/c\n"))
            .empty());
    EXPECT_TRUE(errorTexts(minimalEmbedded("http:\n  enabled: false\n  listen: 0.0.0.0:8470\n")).empty())
        << "no listener, nothing to protect";
}

TEST(HttpConfig, TheBrowserRateAndBudgetKeysLoad) {
    const Config config =
        embeddedWith("http:\n"
                     "  allowed-hosts: [msgx1.airport.example, localhost2]\n"
                     "  allowed-origins: [\"https://ops.airport.example\", \"http://x.example:8080\"]\n"
                     "  compat-rate-limit: 5\n"
                     "  compat-rate-burst: 10\n"
                     "  body-budget: 32MB\n"
                     "limits:\n"
                     "  unknown-key-labels: 7\n");
    EXPECT_EQ(config.http.allowedHosts, (std::vector<std::string>{"msgx1.airport.example", "localhost2"}));
    EXPECT_EQ(config.http.allowedOrigins,
              (std::vector<std::string>{"https://ops.airport.example", "http://x.example:8080"}));
    EXPECT_EQ(config.http.compatRateLimit, 5);
    EXPECT_EQ(config.http.compatRateBurst, 10);
    EXPECT_EQ(config.http.bodyBudget, 32u * 1024 * 1024);
    EXPECT_EQ(config.limits.unknownKeyLabels, 7);
}

TEST(HttpConfig, TheBrowserRateAndBudgetKeysAreChecked) {
    const auto firstError = [](const std::string& yaml) {
        const auto errors = errorTexts(minimalEmbedded(yaml));
        return errors.empty() ? std::string() : errors.front();
    };
    for (const std::string bad : {"msgx:8470", "http://msgx", "-bad.example", "a..b"}) {
        EXPECT_NE(firstError("http:\n  allowed-hosts: [\"" + bad + "\"]\n").find("must be a host name"),
                  std::string::npos)
            << bad;
    }
    for (const std::string bad : {"msgx.example", "http://msgx.example/", "ftp://msgx.example", "null",
                                  "http://msgx.example:0", "http://user@msgx.example"}) {
        EXPECT_NE(firstError("http:\n  allowed-origins: [\"" + bad + "\"]\n").find("must be an origin"),
                  std::string::npos)
            << bad;
    }
    EXPECT_NE(firstError("http:\n  compat-rate-limit: -1\n").find("must be 0..100000"), std::string::npos);
    EXPECT_NE(firstError("http:\n  compat-rate-burst: 0\n").find("must be 1..100000"), std::string::npos);
    EXPECT_NE(firstError("limits:\n  unknown-key-labels: 10001\n").find("must be 0..10000"),
              std::string::npos);
    EXPECT_EQ(firstError("http:\n  body-budget: 8MB\n")
                  .rfind("http.body-budget: must be at least limits.max-document-size (10MB), got 8MB", 0),
              0u);
}
