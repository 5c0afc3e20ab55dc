#include "HttpContractFixture.h"

#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <iostream>
#include <thread>

namespace msgx::test::http {

using namespace std::chrono_literals;
using json::JsonValue;

void HttpSiteTest::start(const SiteOptions& options) {
    std::signal(SIGPIPE,
                SIG_IGN); // a write to a connection the server closed fails, it does not kill the test
    responses_ = std::make_unique<ResponseLog>(dir_.path() / "responses.jsonl");
    compatTokens_ = options.compatTokens;
    std::string http = "http:\n  listen: 127.0.0.1:0\n  schd-sync-wait: 10s\n";
    if (options.opsTokens) {
        writeTokenFile(dir_.path() / "ops-tokens", {{"alice", kOpsToken}});
        http += "  ops-token-file: " + (dir_.path() / "ops-tokens").string() + "\n";
    }
    if (options.compatTokens) {
        writeTokenFile(dir_.path() / "compat-tokens", {{"gateway", kCompatToken}});
        http += "  compat-token-file: " + (dir_.path() / "compat-tokens").string() + "\n";
    }
    http += options.httpYaml;
    const std::string limits =
        (options.limitsYaml.empty() ? "" : "limits:\n" + options.limitsYaml) + options.extraYaml;
    EmbeddedSite::Options siteOptions;
    siteOptions.withoutHandlers = options.withoutHandlers;
    siteOptions.editConfig = [http, limits](std::string config) { return config + http + limits; };
    site_ = std::make_unique<EmbeddedSite>(siteOptions);
    daemon_ =
        std::make_unique<DaemonProcess>(kMsgxdBin, site_->config(), site_->logFile(), site_->environment());
    daemon_->start();
    port_ = listeningPort(*daemon_, 60s);
    ASSERT_NE(port_, 0) << "msgxd does not listen:\n" << daemon_->log();
    ASSERT_GE(daemon_->waitForLog("writer lease acquired", 30s), 0) << daemon_->log();
}

void HttpSiteTest::TearDown() {
    if (!daemon_) {
        return;
    }
    const auto stopping = std::chrono::steady_clock::now();
    if (daemon_->running()) {
        EXPECT_EQ(daemon_->terminate(), 0) << "msgxd did not stop cleanly";
    }
    std::cout << "[ stop ] msgxd stopped in "
              << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                       stopping)
                     .count()
              << " ms\n";
    const std::string log = daemon_->log();

    // One access-log line per /ops call, with the operator, the action and the status of the answer.
    std::vector<std::string> logged = opsLogLines(log);
    std::vector<std::string> expected = expectedOps_;
    std::sort(logged.begin(), logged.end());
    std::sort(expected.begin(), expected.end());
    std::vector<std::string> missing;
    std::vector<std::string> extra;
    std::set_difference(expected.begin(), expected.end(), logged.begin(), logged.end(),
                        std::back_inserter(missing));
    std::set_difference(logged.begin(), logged.end(), expected.begin(), expected.end(),
                        std::back_inserter(extra));
    std::string missingText;
    for (const auto& line : missing) {
        missingText += "\n  " + line;
    }
    std::string extraText;
    for (const auto& line : extra) {
        extraText += "\n  " + line;
    }
    EXPECT_TRUE(missing.empty() && extra.empty())
        << expected.size() << " /ops calls made, " << logged.size()
        << " ops: lines logged; not logged:" << missingText << "\nlogged but not made:" << extraText;
    std::cout << "[ access log ] " << expected.size() << " /ops calls, " << logged.size() << " ops: lines\n";

    // No token, of any file or presented, is ever logged (nor the Authorization header).
    for (const auto& token : {kOpsToken, kCompatToken, kWrongToken}) {
        EXPECT_EQ(log.find(token), std::string::npos) << "a token appears in the daemon log";
    }
    EXPECT_EQ(log.find("Bearer t15-"), std::string::npos) << "an Authorization header is logged";

    // Every answer against docs/openapi.yaml.
    if (responses_ && responses_->size() > 0) {
        const auto checked = responses_->check();
        EXPECT_EQ(checked.exitCode, 0)
            << "check-openapi.py --responses " << responses_->file().string() << ":\n"
            << checked.out << checked.err;
        std::cout << "[ openapi ] " << checked.out;
    }
}

Answer HttpSiteTest::call(const std::string& route, const Request& request, const std::string& loggedAction) {
    Answer answer = send(port_, request);
    EXPECT_NE(answer.status, 0) << request.method << ' ' << request.target << ": " << answer.failure;
    if (answer.status != 0) {
        responses_->add(request.method, route, answer);
    }
    if (request.target.rfind("/ops/", 0) == 0) {
        const bool routed = route != "*" && answer.status != 405;
        const bool named =
            routed && answer.status != 401 && answer.status != 403 && request.bearer == kOpsToken;
        const std::string action = !loggedAction.empty() ? loggedAction
                                   : routed              ? opsAction(route)
                                                         : request.method + " " + request.target;
        expectedOps_.push_back(opsLine(named ? "alice" : "-", action, answer.status));
    }
    return answer;
}

Answer HttpSiteTest::callRaw(const std::string& route, const std::string& method, const std::string& target,
                             const std::string& bytes, const std::string& bearer) {
    Answer answer = rawExchange(port_, bytes);
    EXPECT_NE(answer.status, 0) << method << ' ' << target << ": " << answer.failure;
    if (answer.status != 0) {
        responses_->add(method, route, answer);
    }
    if (target.rfind("/ops/", 0) == 0) {
        const bool routed = route != "*" && answer.status != 405;
        const bool named = routed && answer.status != 401 && answer.status != 403 && bearer == kOpsToken;
        expectedOps_.push_back(
            opsLine(named ? "alice" : "-", routed ? opsAction(route) : method + " " + target, answer.status));
    }
    return answer;
}

Answer HttpSiteTest::ops(const std::string& route, const std::string& method, const std::string& target,
                         const std::optional<std::string>& jsonBody) {
    Request request{method, target, jsonBody, std::nullopt, kOpsToken, {}};
    if (jsonBody) {
        request.contentType = "application/json";
    } else if (method == "POST") {
        request.body = "";
    }
    return call(route, request);
}

Answer HttpSiteTest::inject(const std::string& body, const std::string& contentType) {
    Request request{"POST", "/cminmsgs/send", body, contentType, std::nullopt, {}};
    if (compatTokens_) {
        request.bearer = kCompatToken;
    }
    return call("/cminmsgs/send", request);
}

std::int64_t HttpSiteTest::injectOk(const std::string& body) {
    const Answer answer = inject(body);
    EXPECT_EQ(answer.status, 200) << answer.describe();
    const JsonValue value = answer.json();
    if (answer.status != 200 || value.kind() != JsonValue::Kind::Object) {
        return 0;
    }
    return integer(value, "body");
}

JsonValue HttpSiteTest::waitForMessage(std::int64_t id) {
    JsonValue last;
    const std::string target = "/ops/messages/" + std::to_string(id);
    const bool done = waitUntil(
        [&] {
            const Answer answer = ops("/ops/messages/{id}", "GET", target);
            if (answer.status != 200) {
                return false;
            }
            last = answer.json();
            const std::string state = text(last, "state");
            return state == "SUCCEEDED" || state == "SKIPPED" || state == "DEAD";
        },
        60s);
    EXPECT_TRUE(done) << "message " << id << " did not finish: " << renderJson(last);
    return done ? last : JsonValue();
}

std::filesystem::path HttpSiteTest::varDir() const {
    for (const auto& entry : site_->environment()) {
        if (entry.rfind("MSGX_VAR_DIR=", 0) == 0) {
            return entry.substr(std::string("MSGX_VAR_DIR=").size());
        }
    }
    return {};
}

std::int64_t HttpSiteTest::mailboxRows() const {
    storage::registerPocoConnectors();
    using namespace Poco::Data::Keywords;
    for (int attempt = 0;; ++attempt) {
        try {
            Poco::Data::Session mailbox("SQLite", (varDir() / "mailbox.db").string());
            Poco::Int64 rows = 0;
            mailbox << "SELECT COUNT(*) FROM CMINMSGS", into(rows), now;
            return rows;
        } catch (const std::exception& e) {
            if (attempt >= 20) { // the daemon holds a write lock for a moment at most
                ADD_FAILURE() << "the mailbox cannot be read: " << e.what();
                return -1;
            }
            std::this_thread::sleep_for(50ms);
        }
    }
}

std::map<std::int64_t, std::string> HttpSiteTest::storedStates() const {
    storage::registerPocoConnectors();
    using namespace Poco::Data::Keywords;
    for (int attempt = 0;; ++attempt) {
        try {
            Poco::Data::Session store("SQLite", (varDir() / "msgx.db").string());
            std::vector<Poco::Int64> ids;
            std::vector<std::string> states;
            store << "SELECT CMINMSGS_ID, STATE FROM PROC_STATE", into(ids), into(states), now;
            std::map<std::int64_t, std::string> byId;
            for (std::size_t i = 0; i < ids.size(); ++i) {
                byId[ids[i]] = states[i];
            }
            return byId;
        } catch (const std::exception& e) {
            if (attempt >= 20) {
                ADD_FAILURE() << "the store cannot be read: " << e.what();
                return {};
            }
            std::this_thread::sleep_for(50ms);
        }
    }
}

std::string rawRequest(const std::string& method, const std::string& target, const std::string& headerLines,
                       const std::string& body) {
    return method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headerLines + "\r\n" + body;
}

std::string text(const JsonValue& object, std::string_view name) {
    const JsonValue* value = object.kind() == JsonValue::Kind::Object ? object.find(name) : nullptr;
    if (value == nullptr) {
        return "<absent>";
    }
    return value->kind() == JsonValue::Kind::String ? value->asString() : json::renderCompactJson(*value);
}

std::int64_t integer(const JsonValue& object, std::string_view name) {
    const JsonValue* value = object.kind() == JsonValue::Kind::Object ? object.find(name) : nullptr;
    return value != nullptr && value->kind() == JsonValue::Kind::Integer ? value->asInteger() : -1;
}

std::int64_t epochMicros(const std::string& iso) {
    int year = 0;
    unsigned month = 0;
    unsigned day = 0;
    int hour = 0;
    int minute = 0;
    int second = 0;
    if (iso.size() < 20 || std::sscanf(iso.c_str(), "%4d-%2u-%2uT%2d:%2d:%2d", &year, &month, &day, &hour,
                                       &minute, &second) != 6) {
        return -1;
    }
    std::int64_t micros = 0;
    if (iso[19] == '.') {
        micros = std::stoll(iso.substr(20, 6));
    }
    const auto days =
        std::chrono::sys_days(std::chrono::year(year) / std::chrono::month(month) / std::chrono::day(day));
    const auto seconds = days.time_since_epoch() + std::chrono::hours(hour) + std::chrono::minutes(minute) +
                         std::chrono::seconds(second);
    return std::chrono::duration_cast<std::chrono::microseconds>(seconds).count() + micros;
}

} // namespace msgx::test::http
