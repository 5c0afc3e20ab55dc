#pragma once

// The fixture of the embedded-profile HTTP tests: one EmbeddedSite and one msgxd with its HTTP
// listener on a free port, token files for /ops (operator alice) and optionally for the compat
// endpoints (operator gateway), and, when the test ends, the checks every test of the contract gets:
// each /ops call the test made has its one access-log line (operator, action, status), no token
// appears in the daemon's log, and every answer the test received validates against
// docs/openapi.yaml (tests/http/check-openapi.py).

#include "EmbeddedSite.h"
#include "HttpTestSupport.h"
#include "TempDir.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace msgx::test::http {

inline const std::string kOpsToken = "t15-ops-alice-9f3c2a71d8e04b56";
inline const std::string kCompatToken = "t15-compat-gateway-5e1b77c0a93d";
inline const std::string kWrongToken = "t15-wrong-nobody-0c4d8e2f61a7b9";

class HttpSiteTest : public ::testing::Test {
protected:
    struct SiteOptions {
        bool opsTokens = true;
        bool compatTokens = true;
        // More keys of the http section (each line indented by two spaces) and the limits section.
        std::string httpYaml;
        std::string limitsYaml;
        std::vector<std::string> withoutHandlers;
        // Top-level sections or keys appended to the configuration.
        std::string extraYaml;
    };

    // Creates the site and starts msgxd; a test failure when it does not listen.
    void start(const SiteOptions& options);
    void TearDown() override;

    // A request through the HTTP client, its answer recorded for the OpenAPI check under `route`
    // (the path template, "*" for a request no route takes) and, for an /ops target, the access-log
    // line it must leave. `loggedAction` overrides the action expected in that line.
    Answer call(const std::string& route, const Request& request, const std::string& loggedAction = "");
    // The same with raw bytes on a socket (paths a client library would normalise, hostile heads).
    Answer callRaw(const std::string& route, const std::string& method, const std::string& target,
                   const std::string& bytes, const std::string& bearer = "");

    // Shorthands. ops(): the /ops route with alice's token and a JSON body when given.
    Answer ops(const std::string& route, const std::string& method, const std::string& target,
               const std::optional<std::string>& jsonBody = std::nullopt);
    // POST /cminmsgs/send with the compat token (when the site has one).
    Answer inject(const std::string& body, const std::string& contentType = "text/xml; charset=utf-8");
    // Injects and asserts 200; the mailbox id (0 on failure).
    std::int64_t injectOk(const std::string& body);
    // Polls GET /ops/messages/{id} until the message is SUCCEEDED, SKIPPED or DEAD; its last answer's
    // JSON (null on timeout, a test failure).
    json::JsonValue waitForMessage(std::int64_t id);

    [[nodiscard]] std::filesystem::path varDir() const;
    // CMINMSGS rows of the SQLite mailbox.
    std::int64_t mailboxRows() const;
    // The STATE of every message of the SQLite store (PROC_STATE), by id.
    std::map<std::int64_t, std::string> storedStates() const;
    [[nodiscard]] std::string compatBearer() const { return compatTokens_ ? kCompatToken : ""; }

    std::unique_ptr<EmbeddedSite> site_;
    std::unique_ptr<DaemonProcess> daemon_;
    std::uint16_t port_ = 0;
    TempDir dir_;
    std::unique_ptr<ResponseLog> responses_;
    std::vector<std::string> expectedOps_;
    bool compatTokens_ = false;
};

// Raw request text: the request line, Host, the extra header lines (each ending in \r\n), then body.
std::string rawRequest(const std::string& method, const std::string& target,
                       const std::string& headerLines = "", const std::string& body = "");

// Text of a JSON member ("<absent>" when missing, the JSON text when not a string).
std::string text(const json::JsonValue& object, std::string_view name);
// An integer member (-1 when missing or not an integer).
std::int64_t integer(const json::JsonValue& object, std::string_view name);
// Epoch microseconds of an ISO 8601 UTC time as the API writes it; -1 when it is none.
std::int64_t epochMicros(const std::string& iso);

} // namespace msgx::test::http
