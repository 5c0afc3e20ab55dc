#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/Config.h"
#include "msgx/plugin/PluginHost.h"
#include "msgx/storage/OwnStore.h"

#include <optional>
#include <string>

namespace msgx::pipeline {

// What one pump step did and when the next one is due.
struct PumpStep {
    enum class Kind {
        Idle,             // no unfinished message
        Progress,         // committed one or more messages (terminal or FAILED)
        HeadWaiting,      // the head waits for its backoff until `nextAt`
        StoreUnavailable, // the own store failed; nothing was marked; try again later
    };
    Kind kind = Kind::Idle;
    int finished = 0; // messages that reached a terminal state in this step
    int failed = 0;   // messages recorded FAILED in this step
    storage::Timestamp nextAt{};
    std::string problem; // StoreUnavailable: the error
};

// The only writer of flight state (US-03, architecture.md §1, §4).
//
// step() takes the head (smallest unfinished id). When it waits for its backoff, nothing passes
// it. Otherwise: mark the deadline anchor (PROCESSING_STARTED_AT, first time head) -> decode
// (MALFORMED -> DEAD at once) -> ignore rules (SKIPPED ignored:<rule>) -> identity bind
// (duplicate -> SKIPPED duplicate-of:<id>) -> the handler through the plugin host -> the decision
// becomes a ProcessingCommit: flight writes, MSG_EVENT rows (one `msg` event per MsgEvent, one
// `schd` event per pushed flight, payloads per delivery/DeliveryRecord.h), reference changes,
// terminal state and back-fill intent (mailbox.status-map; none in shadow mode). Up to
// pipeline.messages-per-transaction consecutive due messages are committed together
// (commitAll), each with its own outcome; a message that fails ends the batch: the batch before it
// is committed, then its failure is recorded (attempts + 1, backoff from pipeline.backoff capped
// at pipeline.backoff-cap); after pipeline.max-attempts, or once pipeline.head-deadline has passed
// since the anchor, it goes DEAD(EXHAUSTED). FAILED(INFRA) from a handler exception keeps its text.
// A store failure (InfraError) is never recorded on a message: the step reports StoreUnavailable.
class Pump {
public:
    Pump(storage::OwnStore& store, const plugin::PluginHost& plugins, const Clock& clock,
         const config::Config& config);

    PumpStep step();

private:
    storage::OwnStore& store_;
    const plugin::PluginHost& plugins_;
    const Clock& clock_;
    const config::Config& config_;
};

} // namespace msgx::pipeline
