// The HTTP API of msgxd on PostgreSQL (own store) + MariaDB (mailbox) private servers (issue 15
// acceptance): inject, schedule sync with its COUTMSGS row in MariaDB, live flights, the operator
// API and health on a working site; then MariaDB killed (inject 503 MAILBOX_UNAVAILABLE, ready 503
// naming the mailbox, and back after its restart) and PostgreSQL killed (live flights and /ops 503
// STORE_UNAVAILABLE, never an empty success; ready 503 naming the store; inject still 200 because it
// writes only the mailbox; back after its restart). Every answer validated against docs/openapi.yaml,
// every /ops call's access-log line checked, no token in the log.
#include "DaemonProcess.h"
#include "E2eSupport.h"
#include "HttpContractFixture.h"
#include "ServerSite.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <fstream>
#include <iterator>
#include <regex>

namespace msgx::test::http {
namespace {

using namespace std::chrono_literals;
using namespace Poco::Data::Keywords;
using json::JsonValue;

const std::vector<std::string> kDaemonEnvironment{"LSAN_OPTIONS=suppressions=" MSGX_E2E_LSAN_SUPPRESSIONS};

std::string trimmed(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    return first == std::string::npos ? "" : s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// The client side of one test: every answer recorded for the OpenAPI check, and the access-log
// line each /ops call must leave.
class Client {
public:
    Client(std::uint16_t port, ResponseLog& responses) : port_(port), responses_(responses) {}

    Answer call(const std::string& route, const Request& request) {
        Answer answer = send(port_, request);
        EXPECT_NE(answer.status, 0) << request.method << ' ' << request.target << ": " << answer.failure;
        if (answer.status != 0) {
            responses_.add(request.method, route, answer);
        }
        if (request.target.rfind("/ops/", 0) == 0) {
            const bool named = answer.status != 401 && answer.status != 403 && request.bearer == kOpsToken;
            expectedOps.push_back(opsLine(named ? "alice" : "-", opsAction(route), answer.status));
        }
        return answer;
    }
    Answer get(const std::string& route, const std::string& target) {
        return call(route,
                    {"GET",
                     target,
                     std::nullopt,
                     std::nullopt,
                     target.rfind("/ops/", 0) == 0 ? std::optional<std::string>(kOpsToken) : std::nullopt,
                     {}});
    }
    Answer inject(const std::string& body) {
        return call("/cminmsgs/send", {"POST", "/cminmsgs/send", body, "text/xml", std::nullopt, {}});
    }
    Answer sync() {
        return call("/schd/sync", {"POST",
                                   "/schd/sync",
                                   R"({"start": "2024-06-11 00:00", "end": "2024-06-12 23:59"})",
                                   "application/json",
                                   std::nullopt,
                                   {}});
    }
    // Polls GET /ops/messages/{id} until the message is finished; its JSON (null on timeout).
    JsonValue waitForMessage(std::int64_t id) {
        JsonValue last;
        const bool done = waitUntil(
            [&] {
                const Answer answer = get("/ops/messages/{id}", "/ops/messages/" + std::to_string(id));
                if (answer.status != 200) {
                    return false;
                }
                last = answer.json();
                const std::string state = text(last, "state");
                return state == "SUCCEEDED" || state == "SKIPPED" || state == "DEAD";
            },
            90s);
        EXPECT_TRUE(done) << "message " << id << " did not finish: " << renderJson(last);
        return done ? last : JsonValue();
    }
    // Polls /health/ready until it answers `status`.
    bool waitForReady(int status, std::chrono::seconds timeout) {
        return waitUntil([&] { return get("/health/ready", "/health/ready").status == status; }, timeout);
    }

    std::vector<std::string> expectedOps;

private:
    std::uint16_t port_;
    ResponseLog& responses_;
};

std::vector<std::int64_t> flidsOf(const JsonValue& flights) {
    std::vector<std::int64_t> flids;
    for (const auto& flight : flights.items()) {
        flids.push_back(integer(flight, "flid"));
    }
    return flids;
}

const JsonValue& checkOf(const JsonValue& health, const std::string& name) {
    static const JsonValue kNone;
    const JsonValue* checks = health.kind() == JsonValue::Kind::Object ? health.find("checks") : nullptr;
    const JsonValue* check = checks != nullptr ? checks->find(name) : nullptr;
    return check != nullptr ? *check : kNone;
}

TEST(HttpContractServers, TheApiOnPostgresAndMariaDbAnswers503WhileEitherIsDownAndRecovers) {
    std::signal(SIGPIPE, SIG_IGN);
    ServerSite site({});
    TempDir dir;
    writeTokenFile(dir.path() / "ops-tokens", {{"alice", kOpsToken}});
    const auto config = site.writeConfig("http", "http:\n  listen: 127.0.0.1:0\n  schd-sync-wait: 10s\n"
                                                 "  ops-token-file: " +
                                                     (dir.path() / "ops-tokens").string() + "\n");
    DaemonProcess daemon(kMsgxdBin, config, site.dir() / "msgxd.log", kDaemonEnvironment);
    daemon.start();
    const std::uint16_t port = listeningPort(daemon, 60s);
    ASSERT_NE(port, 0) << daemon.log();
    ASSERT_GE(daemon.waitForLog("writer lease acquired", 60s), 0) << daemon.log();
    ResponseLog responses(dir.path() / "responses.jsonl");
    Client client(port, responses);

    // --- both servers up ---
    ASSERT_TRUE(client.waitForReady(200, 30s)) << daemon.log();
    const Answer ready = client.get("/health", "/health");
    EXPECT_EQ(ready.status, 200) << ready.describe();
    EXPECT_EQ(text(checkOf(ready.json(), "lease"), "role"), "writer");
    const Answer empty = client.get("/all/flights", "/all/flights");
    ASSERT_EQ(empty.status, 200) << empty.describe();
    EXPECT_EQ(empty.body, "[]");

    const Answer flights = client.inject(scheduleFlights(760001, 89500001, 3));
    ASSERT_EQ(flights.status, 200) << flights.describe();
    const std::string stand = flopStand(760002, 89500002, 777);
    const Answer injected = client.inject(stand);
    ASSERT_EQ(injected.status, 200) << injected.describe();
    const std::int64_t standId = integer(injected.json(), "body");
    {
        auto mailbox = site.mailbox();
        Poco::Int64 key = standId;
        std::vector<std::string> texts;
        std::vector<std::string> statuses;
        mailbox << "SELECT CMINMSGS_CLOB_MSG, CMINMSGS_STATUS FROM CMINMSGS WHERE CMINMSGS_ID = ?", use(key),
            into(texts), into(statuses), now;
        ASSERT_EQ(texts.size(), 1U) << "the answered id is the MariaDB row";
        EXPECT_EQ(texts[0], stand);
        // Inserted VALID; the back-fill may have marked it PROCESSED already.
        EXPECT_TRUE(statuses[0] == "VALID" || statuses[0] == "PROCESSED") << statuses[0];
    }
    EXPECT_EQ(text(client.waitForMessage(integer(flights.json(), "body")), "state"), "SUCCEEDED");
    const JsonValue processed = client.waitForMessage(standId);
    EXPECT_EQ(text(processed, "state"), "SUCCEEDED") << renderJson(processed);
    EXPECT_EQ(text(processed, "rawXml"), trimmed(stand));

    const Answer sync = client.sync();
    ASSERT_EQ(sync.status, 200) << sync.describe();
    const JsonValue syncBody = *sync.json().find("body");
    EXPECT_EQ(text(syncBody, "state"), "SENT") << sync.body;
    {
        auto mailbox = site.mailbox();
        std::vector<Poco::Int64> ids;
        std::vector<std::string> documents;
        mailbox << "SELECT COUTMSGS_ID, COUTMSGS_CLOB_MSG FROM COUTMSGS", into(ids), into(documents), now;
        ASSERT_EQ(ids.size(), 1U) << "the RQFD row in MariaDB's COUTMSGS";
        EXPECT_EQ(ids[0], integer(syncBody, "coutmsgs_id"));
        EXPECT_NE(documents[0].find("<TYPE>RQFD</TYPE>"), std::string::npos) << documents[0];
        EXPECT_NE(documents[0].find("<SEQN>" + text(syncBody, "seqn") + "</SEQN>"), std::string::npos);
        EXPECT_NE(documents[0].find("<STDB>11JUN240000</STDB><STDE>12JUN242359</STDE>"), std::string::npos);
    }

    const Answer live = client.get("/all/flights", "/all/flights");
    ASSERT_EQ(live.status, 200) << live.describe();
    {
        auto store = site.store();
        std::vector<Poco::Int64> stored;
        store << "SELECT FLID FROM FLIGHT WHERE DELETED = 0 AND MAID IS NULL ORDER BY FLID", into(stored),
            now;
        EXPECT_EQ(flidsOf(live.json()), std::vector<std::int64_t>(stored.begin(), stored.end()));
        EXPECT_EQ(stored.size(), 3U);
    }
    const Answer listed = client.get("/ops/messages", "/ops/messages?state=SUCCEEDED");
    ASSERT_EQ(listed.status, 200) << listed.describe();
    EXPECT_EQ(listed.json().find("messages")->items().size(), 2U) << listed.body;

    // --- the rest of the operator API on PostgreSQL: replay, plugins, targets, status ---
    const auto post = [&](const std::string& route, const std::string& target, const std::string& body) {
        return client.call(route, {"POST", target, body, "application/json", kOpsToken, {}});
    };
    std::ifstream unsupportedFile(kSourceDir / "etc" / "sample-day" / "08-unsupported.xml");
    const std::string unsupportedXml((std::istreambuf_iterator<char>(unsupportedFile)),
                                     std::istreambuf_iterator<char>());
    const Answer unsupported = client.inject(unsupportedXml);
    ASSERT_EQ(unsupported.status, 200) << unsupported.describe();
    const Answer malformed = client.inject("<?xml version=\"1.0\"?>\n<NOTAMSG/>\n");
    ASSERT_EQ(malformed.status, 200) << malformed.describe();
    const std::int64_t unsupportedId = integer(unsupported.json(), "body");
    const std::int64_t malformedId = integer(malformed.json(), "body");
    EXPECT_EQ(text(client.waitForMessage(unsupportedId), "state"), "DEAD");
    EXPECT_EQ(text(client.waitForMessage(malformedId), "state"), "DEAD");
    const Answer dead = client.get("/ops/messages", "/ops/messages?state=dead");
    ASSERT_EQ(dead.status, 200) << dead.describe();
    EXPECT_EQ(dead.json().find("messages")->items().size(), 2U) << dead.body;
    const std::string ids = "[" + std::to_string(unsupportedId) + ", " + std::to_string(malformedId) + "]";
    const Answer preview = post("/ops/replay/preview", "/ops/replay/preview", R"({"ids": )" + ids + "}");
    ASSERT_EQ(preview.status, 200) << preview.describe();
    EXPECT_EQ(integer(preview.json(), "eligible"), 1) << preview.body;
    const Answer noReason = post("/ops/replay/apply", "/ops/replay/apply", R"({"ids": )" + ids + "}");
    EXPECT_EQ(noReason.status, 400) << noReason.describe();
    EXPECT_EQ(noReason.errCode(), "REASON_REQUIRED");
    const Answer applied = post("/ops/replay/apply", "/ops/replay/apply",
                                R"({"ids": )" + ids + R"(, "reason": "servers test: replay on PostgreSQL"})");
    ASSERT_EQ(applied.status, 200) << applied.describe();
    ASSERT_EQ(applied.json().find("replayed")->items().size(), 1U) << applied.body;
    EXPECT_EQ(applied.json().find("replayed")->items()[0].asInteger(), unsupportedId) << applied.body;
    ASSERT_EQ(applied.json().find("refused")->items().size(), 1U) << applied.body;
    EXPECT_EQ(integer(applied.json().find("refused")->items()[0], "id"), malformedId) << applied.body;
    {
        auto store = site.store();
        std::vector<std::string> actors;
        store << "SELECT ACTOR FROM OPS_AUDIT WHERE ACTION = 'replay'", into(actors), now;
        EXPECT_EQ(actors, std::vector<std::string>{"http:alice"})
            << "the replay's OPS_AUDIT row on PostgreSQL";
    }
    EXPECT_EQ(text(client.waitForMessage(unsupportedId), "state"), "DEAD")
        << "replayed, and DEAD again: still no handler serves its key";
    EXPECT_EQ(client.get("/ops/status", "/ops/status").status, 200);
    EXPECT_EQ(client.get("/ops/plugins", "/ops/plugins").status, 200);
    EXPECT_EQ(post("/ops/plugins/reload", "/ops/plugins/reload", "").status, 200);
    const Answer targets = client.get("/ops/targets", "/ops/targets");
    ASSERT_EQ(targets.status, 200) << targets.describe();
    EXPECT_EQ(targets.json().find("targets")->items().size(), 2U) << targets.body;
    const Answer retry = post("/ops/targets/{target}/retry", "/ops/targets/msg/retry", "");
    EXPECT_EQ(retry.status, 200) << retry.describe();
    EXPECT_EQ(integer(retry.json(), "released"), 0) << "no DEAD event on a file target";
    EXPECT_EQ(post("/ops/targets/{target}/skip", "/ops/targets/schd/skip", "{}").status, 200);
    EXPECT_EQ(post("/ops/targets/{target}/skip", "/ops/targets/nothing/skip", "").status, 404);

    // --- MariaDB (the mailbox) killed ---
    site.services().kill("mysql");
    const Answer refused = client.inject(flopStand(760003, 89500002, 778));
    EXPECT_EQ(refused.status, 503) << refused.describe();
    EXPECT_EQ(refused.errCode(), "MAILBOX_UNAVAILABLE");
    const Answer mailboxDown = client.get("/health/ready", "/health/ready");
    EXPECT_EQ(mailboxDown.status, 503) << mailboxDown.describe();
    EXPECT_EQ(text(mailboxDown.json(), "ready"), "false");
    EXPECT_EQ(text(checkOf(mailboxDown.json(), "mailbox"), "ok"), "false");
    const std::string mailboxReason = text(checkOf(mailboxDown.json(), "mailbox"), "reason");
    EXPECT_NE(mailboxReason, "null");
    EXPECT_FALSE(mailboxReason.empty());
    EXPECT_EQ(text(checkOf(mailboxDown.json(), "store"), "ok"), "true") << "only the mailbox is down";
    const Answer liveWithoutMailbox = client.get("/all/flights", "/all/flights");
    EXPECT_EQ(liveWithoutMailbox.status, 200)
        << "the flights come from the own store: " << liveWithoutMailbox.describe();

    site.services().restart("mysql");
    EXPECT_TRUE(client.waitForReady(200, 90s)) << "ready again after MariaDB's restart";
    const std::string again = flopStand(760004, 89500002, 779);
    const Answer accepted = client.inject(again);
    ASSERT_EQ(accepted.status, 200) << "the first inject once ready: " << accepted.describe();
    EXPECT_EQ(text(client.waitForMessage(integer(accepted.json(), "body")), "state"), "SUCCEEDED");

    // --- PostgreSQL (the own store) killed ---
    site.services().kill("pg");
    const Answer noFlights = client.get("/all/flights", "/all/flights");
    EXPECT_EQ(noFlights.status, 503) << noFlights.describe();
    EXPECT_EQ(noFlights.errCode(), "STORE_UNAVAILABLE");
    EXPECT_NE(noFlights.body, "[]") << "never an empty success";
    const Answer noMessages = client.get("/ops/messages", "/ops/messages");
    EXPECT_EQ(noMessages.status, 503) << noMessages.describe();
    EXPECT_EQ(noMessages.errCode(), "STORE_UNAVAILABLE");
    const Answer noMessage = client.get("/ops/messages/{id}", "/ops/messages/" + std::to_string(standId));
    EXPECT_EQ(noMessage.status, 503) << noMessage.describe();
    const Answer noStatus = client.get("/ops/status", "/ops/status");
    EXPECT_EQ(noStatus.status, 503) << noStatus.describe();
    const Answer noSync = client.sync();
    EXPECT_EQ(noSync.status, 503) << noSync.describe();
    EXPECT_EQ(noSync.errCode(), "STORE_UNAVAILABLE");
    const Answer storeDown = client.get("/health/ready", "/health/ready");
    EXPECT_EQ(storeDown.status, 503) << storeDown.describe();
    EXPECT_EQ(text(checkOf(storeDown.json(), "store"), "ok"), "false");
    EXPECT_NE(text(checkOf(storeDown.json(), "store"), "reason"), "null");
    EXPECT_EQ(text(checkOf(storeDown.json(), "mailbox"), "ok"), "true") << "only the store is down";
    // The inject writes only the mailbox: it does not need the store.
    const std::string duringOutage = flopStand(760005, 89500003, 780);
    const Answer stillAccepted = client.inject(duringOutage);
    EXPECT_EQ(stillAccepted.status, 200) << stillAccepted.describe();

    site.services().restart("pg");
    EXPECT_TRUE(client.waitForReady(200, 90s)) << "ready again after PostgreSQL's restart";
    if (stillAccepted.status == 200) {
        const JsonValue late = client.waitForMessage(integer(stillAccepted.json(), "body"));
        EXPECT_EQ(text(late, "state"), "SUCCEEDED") << "stored during the outage, processed after it";
    }
    const Answer back = client.get("/all/flights", "/all/flights");
    EXPECT_EQ(back.status, 200) << back.describe();
    EXPECT_EQ(flidsOf(back.json()), (std::vector<std::int64_t>{89500001, 89500002, 89500003}));

    const int exitCode = daemon.terminate();
    const std::string log = daemon.log();
    EXPECT_EQ(exitCode, 0) << "msgxd stops cleanly after the outages; the end of its log:\n"
                           << log.substr(log.size() > 6000 ? log.size() - 6000 : 0);
    std::vector<std::string> logged = opsLogLines(log);
    std::vector<std::string> expected = client.expectedOps;
    std::sort(logged.begin(), logged.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(logged, expected) << "one ops: line per /ops call";
    EXPECT_EQ(log.find(kOpsToken), std::string::npos) << "the token appears in the log";
    const auto checked = responses.check();
    EXPECT_EQ(checked.exitCode, 0) << checked.out << checked.err;
    std::cout << "[ openapi ] " << checked.out << "[ access log ] " << expected.size() << " /ops calls\n";
}

} // namespace
} // namespace msgx::test::http
