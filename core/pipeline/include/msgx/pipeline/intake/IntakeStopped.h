#pragma once

#include <stdexcept>

namespace msgx::pipeline {

// Thrown by the inbox poller when taking more mailbox rows could lose or repeat messages until an
// operator acts: the first start on a live mailbox without a choice (pipeline.first-start refuse),
// or a mailbox whose largest id is below the watermark (restored or truncated). The poller takes
// nothing while it holds; the rest of msgxd (pump, back-fill, delivery, HTTP) goes on. The message
// says what is wrong and what to do; PipelineRuntime logs it at ERROR each round and sets
// msgx_intake_stopped (docs/runbook.md "MsgxIntakeStopped").
class IntakeStopped : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace msgx::pipeline
