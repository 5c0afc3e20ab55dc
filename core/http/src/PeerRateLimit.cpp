#include "msgx/http/PeerRateLimit.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>

namespace msgx::http {

PeerRateLimit::PeerRateLimit(const Clock& clock, int perSecond, int burst)
    : clock_(clock), perSecond_(std::max(perSecond, 1)), burst_(std::max(burst, 1)) {
    overflow_ = Bucket{burst_, clock_.elapsed()};
}

void PeerRateLimit::refill(Bucket& bucket, Clock::duration now) const {
    const double seconds = std::chrono::duration<double>(now - bucket.at).count();
    bucket.calls = std::min(burst_, bucket.calls + std::max(seconds, 0.0) * perSecond_);
    bucket.at = now;
}

std::optional<int> PeerRateLimit::admit(std::string_view peer) {
    const std::lock_guard lock(mutex_);
    const Clock::duration now = clock_.elapsed();
    auto it = buckets_.find(peer);
    if (it == buckets_.end() && buckets_.size() >= kMaxPeers) {
        for (auto idle = buckets_.begin(); idle != buckets_.end();) {
            refill(idle->second, now);
            idle = idle->second.calls >= burst_ ? buckets_.erase(idle) : std::next(idle);
        }
    }
    Bucket* bucket = &overflow_;
    if (it != buckets_.end()) {
        bucket = &it->second;
    } else if (buckets_.size() < kMaxPeers) {
        bucket = &buckets_.emplace(std::string(peer), Bucket{burst_, now}).first->second;
    }
    refill(*bucket, now);
    if (bucket->calls >= 1) {
        bucket->calls -= 1;
        return std::nullopt;
    }
    return std::max(1, static_cast<int>(std::ceil((1 - bucket->calls) / perSecond_)));
}

std::size_t PeerRateLimit::peers() const {
    const std::lock_guard lock(mutex_);
    return buckets_.size();
}

} // namespace msgx::http
