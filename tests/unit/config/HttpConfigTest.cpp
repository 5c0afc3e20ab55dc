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
