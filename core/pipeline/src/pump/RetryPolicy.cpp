#include "msgx/pipeline/pump/RetryPolicy.h"

#include <algorithm>

namespace msgx::pipeline {

RetryPolicy::RetryPolicy(const config::PipelineConfig& pipeline)
    : general_{pipeline.maxAttempts, pipeline.backoff}, cap_(pipeline.backoffCap),
      headDeadline_(pipeline.headDeadline) {
    const auto resolve = [this](const config::RetryOverride& own) {
        return Schedule{own.maxAttempts.value_or(general_.maxAttempts),
                        own.backoff.value_or(general_.backoff)};
    };
    unsupported_ = resolve(pipeline.unsupportedRetry);
    codecError_ = resolve(pipeline.codecErrorRetry);
    infra_ = resolve(pipeline.infraRetry);
}

const RetryPolicy::Schedule& RetryPolicy::scheduleOf(ErrorClass errorClass) const {
    switch (errorClass) {
    case ErrorClass::Unsupported:
        return unsupported_;
    case ErrorClass::CodecError:
        return codecError_;
    case ErrorClass::Infra:
        return infra_;
    case ErrorClass::Malformed:
    case ErrorClass::Exhausted:
        break; // never retried; the general schedule answers should anyone ask
    }
    return general_;
}

storage::Timestamp RetryPolicy::nextAttemptAt(storage::Timestamp now, int attemptsAfter,
                                              ErrorClass errorClass) const {
    const auto& backoff = scheduleOf(errorClass).backoff;
    std::chrono::milliseconds wait = cap_;
    if (!backoff.empty()) {
        const auto index = static_cast<std::size_t>(std::max(attemptsAfter, 1) - 1);
        wait = std::min(backoff[std::min(index, backoff.size() - 1)], cap_);
    }
    return now + std::chrono::duration_cast<storage::Timestamp::duration>(wait);
}

bool RetryPolicy::exhausted(int attemptsAfter, storage::Timestamp anchor, storage::Timestamp now,
                            ErrorClass errorClass) const {
    return attemptsAfter >= scheduleOf(errorClass).maxAttempts || now - anchor >= headDeadline_;
}

} // namespace msgx::pipeline
