#pragma once

#include "msgx/clock/Clock.h"

namespace msgx::pipeline {

// When the next mailbox poll is due after one that ran from `started` to `finished`.
//
// pipeline.poll-interval is the poll period (docs/configuration.md), counted from the start of a poll:
// the time a poll takes (the mailbox read and the enqueue, ~5 ms at 200 msg/s) does not add to the
// wait of a row committed just after it, which is what bounds the discovery latency. A poll slower than
// half the period is followed by a pause of half the period, so that a struggling mailbox is never read
// back to back. A clock set back (`finished` before `started`) counts the period from `finished`.
[[nodiscard]] Clock::time_point nextPollAt(Clock::time_point started, Clock::time_point finished,
                                           Clock::duration interval);

} // namespace msgx::pipeline
