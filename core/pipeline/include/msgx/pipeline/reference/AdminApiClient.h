#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace msgx::pipeline {

// The answer of one GET to the admin API: the whole body of an HTTP 200 answer, or why there is
// none.
struct AdminApiAnswer {
    bool ok = false;
    std::string body; // ok: every byte of the body
    std::string
        problem; // !ok: e.g. "HTTP status 500 (Internal Server Error)", "no complete answer within 300ms"
};

// A minimal HTTP client for the admin-API reference refresh (docs/reference-refresh.md), on Poco
// Net's HTTPClientSession: one GET per call on a new connection (no keep-alive, no redirects, no
// proxy, http:// only: the build has no Poco NetSSL).
//
// Bounded in time and size:
//  - `timeout` covers the connect and the whole answer (headers and body): the time left is the
//    socket's receive timeout before every read, and the answer fails once it is used up;
//  - a body larger than `maxBodySize` fails: at once when Content-Length says so, else as soon as
//    that many bytes were read (never buffered further);
//  - a body shorter than its Content-Length (the connection closed early) fails as cut off.
// A status other than 200 fails with the status; the body of such an answer is not read.
// Thread-safe (no state between calls).
class AdminApiClient {
public:
    AdminApiClient(std::chrono::milliseconds timeout, std::uint64_t maxBodySize);

    [[nodiscard]] AdminApiAnswer get(const std::string& url) const;

private:
    std::chrono::milliseconds timeout_;
    std::uint64_t maxBodySize_;
};

} // namespace msgx::pipeline
