#include "msgx/pipeline/RetryPolicy.h"

#include <algorithm>

namespace msgx::pipeline {

RetryPolicy::RetryPolicy(const config::PipelineConfig& pipeline)
    : backoff_(pipeline.backoff), cap_(pipeline.backoffCap), maxAttempts_(pipeline.maxAttempts),
      headDeadline_(pipeline.headDeadline) {}

storage::Timestamp RetryPolicy::nextAttemptAt(storage::Timestamp now, int attemptsAfter) const {
    std::chrono::milliseconds wait = cap_;
    if (!backoff_.empty()) {
        const auto index = static_cast<std::size_t>(std::max(attemptsAfter, 1) - 1);
        wait = std::min(backoff_[std::min(index, backoff_.size() - 1)], cap_);
    }
    return now + std::chrono::duration_cast<storage::Timestamp::duration>(wait);
}

bool RetryPolicy::exhausted(int attemptsAfter, storage::Timestamp anchor, storage::Timestamp now) const {
    return attemptsAfter >= maxAttempts_ || now - anchor >= headDeadline_;
}

} // namespace msgx::pipeline
