#pragma once

#include <memory>
#include <string>

namespace msgx::test {

// A local stand-in for the admin API of the reference refresh (docs/reference-refresh.md): a Poco
// HTTPServer on 127.0.0.1 at a free port, whose answer per path the test sets. A path without an
// answer gets 404. Requests are counted per path. Destroying it releases every request that waits
// (neverAnswer) and stops the server.
class FakeAdminApi {
public:
    FakeAdminApi();
    ~FakeAdminApi();
    FakeAdminApi(const FakeAdminApi&) = delete;
    FakeAdminApi& operator=(const FakeAdminApi&) = delete;

    // "http://127.0.0.1:<port><path>".
    [[nodiscard]] std::string url(const std::string& path) const;

    // 200 with `json` as an application/json body (with Content-Length).
    void answerJson(const std::string& path, const std::string& json);
    // The same, in chunked transfer encoding (no Content-Length).
    void answerChunked(const std::string& path, const std::string& json);
    // `status` with `body` (text/plain).
    void answerStatus(const std::string& path, int status, const std::string& body = "");
    // Reads the request and never answers (until the fake is destroyed): the client's timeout.
    void neverAnswer(const std::string& path);
    // "Half a batch": 200 with the Content-Length of the whole `json`, only its first half sent, then
    // the connection is closed.
    void sendHalf(const std::string& path, const std::string& json);
    // 200 with a body that is not JSON (an HTML error page and a few control bytes).
    void answerGarbage(const std::string& path);

    // Requests received for `path` so far.
    [[nodiscard]] int hits(const std::string& path) const;

    struct State;

private:
    std::shared_ptr<State> state_;
    struct Server;
    std::unique_ptr<Server> server_;
};

} // namespace msgx::test
