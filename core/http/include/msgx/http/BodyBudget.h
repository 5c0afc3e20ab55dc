#pragma once

#include <cstdint>
#include <mutex>

namespace msgx::http {

// The bytes of request bodies held in memory at once, across every connection (http.body-budget;
// docs/security.md "Memory"). Without it each of http.threads requests may hold a body of
// limits.max-document-size: 128 x 10 MB by default. A request reserves a sized body whole before it
// reads a byte of it, and an unsized or chunked one piece by piece as it arrives; what it reserved
// is given back when the request is answered. A request the budget cannot take is answered 503
// BUSY with Retry-After (Exchange::readBody). Thread-safe.
class BodyBudget {
public:
    explicit BodyBudget(std::uint64_t bytes) : capacity_(bytes) {}

    // Takes `bytes` when that much is left; false (and nothing taken) otherwise.
    [[nodiscard]] bool reserve(std::uint64_t bytes);
    void release(std::uint64_t bytes);

    [[nodiscard]] std::uint64_t capacity() const { return capacity_; }
    [[nodiscard]] std::uint64_t inUse() const;

private:
    const std::uint64_t capacity_;
    mutable std::mutex mutex_;
    std::uint64_t inUse_ = 0;
};

} // namespace msgx::http
