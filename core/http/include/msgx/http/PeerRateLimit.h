#pragma once

#include "msgx/clock/Clock.h"

#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace msgx::http {

// The per-peer rate limit of the compat endpoints (http.compat-rate-limit, http.compat-rate-burst;
// docs/security.md "Rate limit"): a token bucket per peer that holds `burst` calls and fills at
// `perSecond` calls a second, on the clock's monotonic time (tests move a ManualClock, never sleep).
//
// A peer is what the caller names (the router uses the IPv4 address, or the /64 prefix of an IPv6
// one, since one host owns a whole /64). At most kMaxPeers buckets are kept: a new peer first
// drops the buckets that are full again (idle peers), and when none is, shares one overflow bucket
// with every other peer beyond the bound, so a flood of addresses neither grows memory nor escapes
// the limit. Thread-safe.
class PeerRateLimit {
public:
    static constexpr std::size_t kMaxPeers = 10000;

    // perSecond > 0, burst >= 1.
    PeerRateLimit(const Clock& clock, int perSecond, int burst);

    // Takes one call from `peer`'s bucket: nullopt when it had one, else the whole seconds (>= 1)
    // until it has one again (the answer's Retry-After).
    [[nodiscard]] std::optional<int> admit(std::string_view peer);

    [[nodiscard]] std::size_t peers() const;

private:
    struct Bucket {
        double calls = 0;     // calls left
        Clock::duration at{}; // when `calls` was last brought up to date
    };
    void refill(Bucket& bucket, Clock::duration now) const;

    const Clock& clock_;
    double perSecond_;
    double burst_;
    mutable std::mutex mutex_;
    std::map<std::string, Bucket, std::less<>> buckets_;
    Bucket overflow_;
};

} // namespace msgx::http
