#pragma once

#include "msgx/codec/ErrorClass.h"
#include "msgx/config/PipelineConfig.h"
#include "msgx/storage/Timestamp.h"

#include <chrono>
#include <vector>

namespace msgx::pipeline {

// When a failed message is tried again and when it is given up (architecture.md §4):
// pipeline.backoff ([1s,2s,4s,8s,16s]: the n-th failure waits the n-th value, the last value
// repeats) capped at pipeline.backoff-cap; DEAD(EXHAUSTED) once the attempt count reaches
// pipeline.max-attempts or pipeline.head-deadline has passed since the message's anchor
// (PROCESSING_STARTED_AT, the first time it became head; never UPDATED_AT).
// The attempts and the backoff are those of the failure's class (pipeline.retry.<class>.*, which
// default to the general keys); the attempt count itself is the message's, whatever class each
// earlier failure had. Head deadline and cap are the same for every class.
class RetryPolicy {
public:
    explicit RetryPolicy(const config::PipelineConfig& pipeline);

    // When the next attempt is due after the failure of `errorClass` that made the attempt count
    // `attemptsAfter` (1 for the first failure).
    [[nodiscard]] storage::Timestamp nextAttemptAt(storage::Timestamp now, int attemptsAfter,
                                                   ErrorClass errorClass) const;

    // True when the failure of `errorClass` that made the attempt count `attemptsAfter` ends the
    // message instead.
    [[nodiscard]] bool exhausted(int attemptsAfter, storage::Timestamp anchor, storage::Timestamp now,
                                 ErrorClass errorClass) const;

private:
    struct Schedule {
        int maxAttempts;
        std::vector<std::chrono::milliseconds> backoff;
    };
    [[nodiscard]] const Schedule& scheduleOf(ErrorClass errorClass) const;

    Schedule general_;
    Schedule unsupported_;
    Schedule codecError_;
    Schedule infra_;
    std::chrono::milliseconds cap_;
    std::chrono::milliseconds headDeadline_;
};

} // namespace msgx::pipeline
