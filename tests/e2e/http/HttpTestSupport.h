#pragma once

// Shared by the HTTP contract and hostile-request tests (issue 15): a real HTTP client for msgxd's
// API (Poco::Net::HTTPClientSession for ordinary requests, a raw Poco::Net::StreamSocket for
// hostile ones), the listening port read from the daemon's log, token files, the responses file the
// OpenAPI checker (tests/http/check-openapi.py) validates, and the /ops access-log lines a test
// expects the daemon to have written.

#include "DaemonProcess.h"
#include "Subprocess.h"
#include "msgx/json/JsonValue.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace msgx::test::http {

// One answer as the client received it.
struct Answer {
    int status = 0; // 0: no answer (connection failed, closed before a status line)
    std::map<std::string, std::string> headers; // lower-case names
    std::string body;
    std::string failure; // why there is no (complete) answer, for messages

    [[nodiscard]] std::string header(const std::string& lowerCaseName) const;
    [[nodiscard]] std::string contentType() const { return header("content-type"); }
    // The body parsed as JSON; null (and `jsonError` set) when it is none.
    [[nodiscard]] json::JsonValue json() const;
    [[nodiscard]] bool isJson() const;
    // err_code of an error body, "" when there is none.
    [[nodiscard]] std::string errCode() const;
    // status, headers and body, for failure messages.
    [[nodiscard]] std::string describe() const;
};

struct Request {
    std::string method = "GET";
    std::string target;              // path and query as sent, e.g. "/ops/messages?state=DEAD"
    std::optional<std::string> body; // sent with Content-Length (also an empty one)
    std::optional<std::string> contentType;
    std::optional<std::string> bearer; // "Authorization: Bearer <bearer>"
    std::vector<std::pair<std::string, std::string>> headers;
};

// An ordinary request (Poco::Net::HTTPClientSession, one connection). A failure to connect or to
// read the answer is an Answer with status 0 and `failure` set.
Answer send(std::uint16_t port, const Request& request,
            std::chrono::seconds timeout = std::chrono::seconds(60));

// Raw bytes on a fresh connection, then everything the server sends until it closes the
// connection (or `timeout`); the text parsed as an HTTP answer (status 0 when it is none).
// With `halfClose`, the client's side is shut down after the bytes (no more will come).
Answer rawExchange(std::uint16_t port, const std::string& bytes,
                   std::chrono::milliseconds timeout = std::chrono::seconds(30), bool halfClose = false);
// A chunked body that never ends: `head` (a request head with Transfer-Encoding: chunked, ending
// in the blank line), then 8 KB chunks until an answer arrives or a send fails (bounded by
// `timeout`), then the answer. `sentBytes` is how much body was sent.
Answer endlessChunkedBody(std::uint16_t port, const std::string& head, std::size_t& sentBytes,
                          std::chrono::milliseconds timeout = std::chrono::seconds(30));
// An HTTP answer's text (status line, headers, body with chunked framing removed).
Answer parseAnswer(const std::string& text);

// Waits for the daemon's "http: listening on 127.0.0.1:<port>" line (after `fromOffset`) and
// returns the port; 0 after the timeout.
std::uint16_t listeningPort(DaemonProcess& daemon, std::chrono::milliseconds timeout,
                            std::int64_t fromOffset = 0);

// Writes a token file (`<name> <token>` per line) with mode 0600.
void writeTokenFile(const std::filesystem::path& file,
                    const std::vector<std::pair<std::string, std::string>>& entries);

// The answers a test received, as the JSON lines tests/http/check-openapi.py --responses reads:
// {"method", "route", "status", "content_type", "body", "headers"}; route is the path template
// ("/ops/messages/{id}") or "*" for a request no route takes.
class ResponseLog {
public:
    explicit ResponseLog(std::filesystem::path file);
    void add(const std::string& method, const std::string& route, const Answer& answer);
    [[nodiscard]] int size() const { return count_; }
    [[nodiscard]] const std::filesystem::path& file() const { return file_; }
    // Runs the checker against docs/openapi.yaml of the source tree.
    [[nodiscard]] SubprocessResult check() const;

private:
    std::filesystem::path file_;
    int count_ = 0;
};

// The "ops: operator=<name> action=<action> status=<code>" part of each /ops access-log line of a
// daemon log, in log order.
std::vector<std::string> opsLogLines(const std::string& log);
// The expected form of one such line.
std::string opsLine(const std::string& operatorName, const std::string& action, int status);

// The x-msgxd-action of an /ops route template ("" for another route).
std::string opsAction(const std::string& route);

// A small valid message: FLOP-STND moving `flid` to `stand`, its identity from `seqn`.
std::string flopStand(std::int64_t seqn, std::int64_t flid, int stand);
// A SCHD-ADFT creating (or updating) departures `firstFlid` .. `firstFlid + count - 1`.
std::string scheduleFlights(std::int64_t seqn, std::int64_t firstFlid, int count);
// A file's text.
std::string readFile(const std::filesystem::path& file);

} // namespace msgx::test::http
