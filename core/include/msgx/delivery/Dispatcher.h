#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/delivery/DeliverySink.h"
#include "msgx/delivery/DispatcherSettings.h"
#include "msgx/delivery/DispatcherStatus.h"
#include "msgx/delivery/TargetRelease.h"
#include "msgx/storage/OwnStore.h"

#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace msgx::delivery {

// Delivers the outbox events of one target strictly in EVENT_ID order (architecture.md §6,
// docs/delivery.md "Dispatcher").
//
// An event becomes SENT only from its sink's Acked result; a Refused record counts one attempt
// (backoff from `backoff`, capped) and after maxAttempts goes DEAD with its error; an Unavailable
// result postpones without counting. The head waiting for its backoff blocks the target. With
// on-dead `stop` a DEAD event holds the target until an operator releases it (retryDeadEvents /
// skipDeadEvents, `msgxctl events retry|skip`); the hold is persistent (TargetRelease.h).
//
// Prefix rule (msg): of one round's records only the prefix up to the first record that is not
// Acked is marked SENT. Records after it stay PENDING even when the sink acknowledged them and are
// sent again later: a consumer may see a duplicate (same msgx-event-id header), never a reorder.
//
// schd: the whole claimed batch is one unit: SENT when every record is Acked, one attempt for every
// claimed event when any record was Refused (DEAD together when exhausted), postponed together when
// the sink was unavailable.
//
// Claims: a round claims its events (claimBatch hides them for claimFor) before sending. When the
// store fails after the claim (a lost SENT update, a lost postpone), the dispatcher remembers the
// claimed ids and hands them back at the start of its next round, so a store outage delays the
// target by one retry, not by claimFor; the sink may then see those records twice (same event id).
//
// One dispatcher per target and process; runOnce/run on one thread, status() from any thread.
class Dispatcher {
public:
    Dispatcher(storage::OwnStore& store, DeliverySink& sink, Clock& clock, DispatcherSettings settings);

    // One round: claim, send, record. Returns when the next round is due (now when more work is
    // waiting). Throws nothing: a store failure is logged, reported as unhealthy and answered with a
    // round after unavailableRetry.
    storage::Timestamp runOnce();

    // Rounds until `stop` is requested (clock.sleepUntil between rounds).
    void run(std::stop_token stop);

    [[nodiscard]] DispatcherStatus status() const;

private:
    storage::Timestamp round(storage::Timestamp now);
    // Makes the events claimed by a round that failed half-way due again (see "Claims").
    void handBackUnsettled(storage::Timestamp now);
    // claimBatch of this target, noting in claimUnanswered_ whether its answer came.
    std::vector<storage::OutboxEvent> claim();
    storage::Timestamp msgRound(storage::Timestamp now);
    storage::Timestamp schdRound(storage::Timestamp now);
    storage::Timestamp idle(storage::Timestamp now, storage::Timestamp wakeAt);
    // One refused attempt on `events` (the msg head, or a whole schd batch): all of them wait for
    // the backoff of the highest attempt count among them, or all go DEAD once that count reaches
    // maxAttempts. Returns whether they went DEAD.
    bool countRefusal(const std::vector<storage::OutboxEvent>& events, const std::string& error,
                      storage::Timestamp now);
    // Events that can never become a record (a payload that breaks the DeliveryRecord.h contract)
    // go DEAD at once: no retry could change them.
    void markUnsendable(const std::vector<storage::EventId>& ids, const std::string& error);
    // Logs the DEAD events and, with on-dead `continue`, moves the release mark past them.
    void afterDead(const std::vector<storage::EventId>& ids, const std::string& error);
    void noteSent(storage::Timestamp claimedAt, std::size_t count);
    void noteUnavailable(const std::string& error);
    void refreshCounts(storage::Timestamp now, bool force);

    storage::OwnStore& store_;
    DeliverySink& sink_;
    Clock& clock_;
    DispatcherSettings settings_;
    std::optional<storage::Timestamp> lastCountsAt_; // run thread only
    // Claimed by the current round and not yet recorded as SENT, postponed or DEAD; run thread only.
    std::vector<storage::EventId> unsettled_;
    // A claimBatch that threw: its claim may have committed with the answer lost (a client timeout),
    // hiding the head for claimFor; the next round hands the target's head claims back
    // (releaseStaleClaims: this dispatcher is its target's only sender). Run thread only.
    bool claimUnanswered_ = false;

    mutable std::mutex statusMutex_; // guards everything below
    DispatcherStatus counts_;        // target, sink, pending, dead, ages, latency, sentTotal
    std::optional<std::string> holdProblem_;
    std::optional<std::string> storeProblem_;
    std::optional<std::string> sendProblem_; // the last Unavailable result, until something is Acked
    SinkHealth sinkHealth_;
};

} // namespace msgx::delivery
