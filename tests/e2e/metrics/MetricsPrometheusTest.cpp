// Issue 16: the live /metrics of the real msgxd on the embedded profile, processing the sample day
// of etc/sample-day/ (6 messages SUCCEEDED, 1 DEAD MALFORMED, 1 DEAD EXHAUSTED after no handler
// served it): `promtool check metrics` accepts the text, and a real Prometheus server (Debian's
// `prometheus`, a private port and data directory) scraping the daemon answers its query API with
// the series and values the run must have produced.
#include "DaemonProcess.h"
#include "EmbeddedSite.h"
#include "Subprocess.h"
#include "TempDir.h"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Process.h>
#include <Poco/StreamCopier.h>
#include <Poco/URI.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <fstream>
#include <optional>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using json::JsonValue;

struct HttpAnswer {
    int status = 0;
    std::string body;
};

HttpAnswer get(std::uint16_t port, const std::string& target) {
    try {
        Poco::Net::HTTPClientSession session("127.0.0.1", port);
        session.setTimeout(Poco::Timespan(10, 0));
        Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_GET, target,
                                       Poco::Net::HTTPMessage::HTTP_1_1);
        session.sendRequest(request);
        Poco::Net::HTTPResponse response;
        std::istream& in = session.receiveResponse(response);
        HttpAnswer answer{static_cast<int>(response.getStatus()), {}};
        Poco::StreamCopier::copyToString(in, answer.body);
        return answer;
    } catch (const std::exception& e) {
        return {0, e.what()};
    }
}

std::uint16_t portFromLog(DaemonProcess& daemon) {
    const std::string marker = "http: listening on 127.0.0.1:";
    const auto end = daemon.waitForLog(marker, 60s);
    if (end < 0) {
        return 0;
    }
    const std::string log = daemon.log();
    std::string digits;
    for (auto at = static_cast<std::size_t>(end); at < log.size() && log[at] >= '0' && log[at] <= '9'; ++at) {
        digits += log[at];
    }
    return digits.empty() ? 0 : static_cast<std::uint16_t>(std::stoi(digits));
}

// A port no one listens on now (the system's choice for a socket bound to port 0).
std::uint16_t freePort() {
    Poco::Net::ServerSocket probe(Poco::Net::SocketAddress("127.0.0.1", 0));
    return probe.address().port();
}

// The value of a Prometheus instant query with one result; nullopt while it has none.
std::optional<double> queryValue(std::uint16_t prometheusPort, const std::string& promql) {
    std::string encoded;
    Poco::URI::encode(promql, "+&=?#[]{}\"", encoded);
    const auto answer = get(prometheusPort, "/api/v1/query?query=" + encoded);
    if (answer.status != 200) {
        return std::nullopt;
    }
    const JsonValue json = json::parseJson(answer.body, "prometheus");
    const JsonValue* result = json.find("data") ? json.find("data")->find("result") : nullptr;
    if (result == nullptr || result->items().size() != 1) {
        return std::nullopt;
    }
    return std::stod(result->items()[0].find("value")->items()[1].asString());
}

std::vector<std::string> sampleDayArgs() {
    std::vector<std::string> args{"inject", "--if-empty"};
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(kSourceDir / "etc" / "sample-day")) {
        if (entry.path().extension() == ".xml") {
            files.push_back(entry.path().string());
        }
    }
    std::sort(files.begin(), files.end());
    args.insert(args.end(), files.begin(), files.end());
    return args;
}

TEST(MetricsPrometheus, PromtoolAcceptsTheLiveMetricsAndPrometheusQueriesTheRun) {
    EmbeddedSite site;
    ASSERT_EQ(injectFiles(site.config(), sampleDayArgs(), site.environment()).size(), 8u);
    DaemonProcess daemon(kMsgxdBin, site.config(), site.logFile(), site.environment());
    daemon.start();
    const std::uint16_t port = portFromLog(daemon);
    ASSERT_NE(port, 0) << daemon.log();

    // Prometheus scrapes every second while the daemon processes the day.
    TempDir prometheusDir;
    const std::uint16_t prometheusPort = freePort();
    const auto configFile = prometheusDir.path() / "prometheus.yml";
    std::ofstream(configFile) << "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
                              << "scrape_configs:\n  - job_name: msgx\n    static_configs:\n"
                              << "      - targets: ['127.0.0.1:" << port << "']\n";
    const std::string logFile = (prometheusDir.path() / "prometheus.log").string();
    auto prometheus = Poco::Process::launch(
        "/bin/sh", {"-c", "exec prometheus --config.file=" + configFile.string() +
                              " --storage.tsdb.path=" + (prometheusDir.path() / "data").string() +
                              " --web.listen-address=127.0.0.1:" + std::to_string(prometheusPort) + " > " +
                              logFile + " 2>&1"});
    struct StopPrometheus {
        Poco::ProcessHandle& handle;
        ~StopPrometheus() {
            ::kill(handle.id(), SIGTERM);
            handle.wait();
        }
    } stop{prometheus};

    ASSERT_TRUE(waitUntil([&] { return site.settled(8); }, 120s)) << daemon.log();

    // The live text as Prometheus reads it.
    const auto metrics = get(port, "/metrics");
    ASSERT_EQ(metrics.status, 200) << metrics.body;
    const auto metricsFile = prometheusDir.path() / "metrics.txt";
    std::ofstream(metricsFile) << metrics.body;
    const auto check = runSubprocess({"sh", "-c", "promtool check metrics < " + metricsFile.string()}, 60s);
    EXPECT_EQ(check.exitCode, 0) << check.out << check.err;

    // What the run produced, as the Prometheus server has it. The gauges that read the store are
    // refreshed every 5 s, so wait for the values, not for a time.
    const std::vector<std::pair<std::string, double>> expected{
        {"sum(msgx_messages_processed_total{job=\"msgx\",outcome=\"succeeded\"})", 6},
        {"sum(msgx_messages_processed_total{job=\"msgx\",outcome=\"dead\"})", 2},
        {"msgx_messages{job=\"msgx\",state=\"SUCCEEDED\"}", 6},
        {"msgx_messages{job=\"msgx\",state=\"DEAD\"}", 2},
        {"msgx_queue_depth{job=\"msgx\"}", 0},
        {"msgx_lease_writer{job=\"msgx\"}", 1},
        {"msgx_mailbox_up{job=\"msgx\"}", 1},
        {"msgx_build_info{job=\"msgx\",version!=\"unknown\"}", 1},
        {"sum(msgx_unknown_key_messages_total{job=\"msgx\"}) > bool 0", 1},
        {"msgx_events{job=\"msgx\",target=\"msg\",state=\"PENDING\"}", 0},
        {"msgx_events{job=\"msgx\",target=\"msg\",state=\"SENT\"} > bool 0", 1},
        {"sum(msgx_events_sent_total{job=\"msgx\"}) > bool 0", 1},
        {"sum(msgx_delivery_latency_seconds_count{job=\"msgx\",target=\"msg\"}) > bool 0", 1},
        {"msgx_commit_duration_seconds_count{job=\"msgx\"} > bool 0", 1},
        {"up{job=\"msgx\"}", 1},
    };
    for (const auto& [promql, value] : expected) {
        std::optional<double> seen;
        EXPECT_TRUE(waitUntil(
            [&] {
                seen = queryValue(prometheusPort, promql);
                return seen && *seen == value;
            },
            90s))
            << promql << " = " << (seen ? std::to_string(*seen) : "no result") << ", expected " << value
            << "\n"
            << runSubprocess({"tail", "-20", logFile}, 10s).out;
    }
    EXPECT_EQ(daemon.terminate(), 0);
}

} // namespace
} // namespace msgx::test
