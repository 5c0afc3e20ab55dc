#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/concurrency/TaskThread.h"
#include "msgx/delivery/DeliveryRecord.h"
#include "msgx/delivery/DeliverySink.h"
#include "msgx/delivery/DispatcherSettings.h"
#include "msgx/delivery/DispatcherStatus.h"
#include "msgx/delivery/TargetRelease.h"
#include "msgx/storage/OwnStore.h"

#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace msgx::delivery {

// Delivers the outbox events of one target strictly in EVENT_ID order (architecture.md §6,
// docs/delivery.md "Dispatcher").
//
// An event is delivered only from its sink's Acked result; a Refused record counts one attempt
// (backoff from `backoff`, capped) and after maxAttempts goes DEAD with its error; an Unavailable
// result postpones without counting. The head waiting for its backoff blocks the target. With
// on-dead `stop` a DEAD event holds the target until an operator releases it (retryDeadEvents /
// skipDeadEvents, `msgxctl events retry|skip`); the hold is persistent (TargetRelease.h).
//
// Delivered mark: a round reads the due PENDING events above the target's delivered mark
// (EventOutbox::nextDue; nothing is claimed or locked: this dispatcher, in the writer, is the
// target's only sender) and, once they are acknowledged, moves the mark to the last of them (one
// upsert, EventOutbox::recordDelivered). No row is written per event on that path. The rows become
// SENT in one statement for the whole span the mark passed (EventOutbox::markSent, "settling")
// only once nothing was due for settings.settleAfterQuiet after the last delivery: housekeeping
// for the quiet moments, never during a burst or a steady stream (on PostgreSQL it costs ~6 µs a
// row, as much as the rest of the delivery of an event). Until then every reader reports them SENT
// by the mark (storage/src/repository/events/DeliveredMarks.h), SENT_AT is the settle time, and the
// archive job settles what is left before it moves rows. A mark whose upsert failed is read again
// from the store: the round's records are then sent once more (same msgx-event-id), never lost.
//
// Prefix rule (msg): of one round's records only the prefix up to the first record that is not
// Acked is recorded delivered. Records after it stay above the mark even when the sink acknowledged
// them and are sent again later: a consumer may see a duplicate (same msgx-event-id header), never a
// reorder.
//
// schd: the whole batch is one unit: delivered when every record is Acked, one attempt for every
// event of it when any record was Refused (DEAD together when exhausted), tried again together when
// the sink was unavailable.
//
// One dispatcher per target and process; runOnce/run on one thread, status() from any thread.
class Dispatcher {
public:
    Dispatcher(storage::OwnStore& store, DeliverySink& sink, Clock& clock, DispatcherSettings settings);

    // One round: read, send, record (msg: up to settings.batchesPerRound batches while each is full
    // and wholly acknowledged); what it delivered is recorded in the store when it returns. Returns
    // when the next round is due (now when more work is waiting). Throws nothing: a store failure is logged,
    // reported as unhealthy and answered with a round after unavailableRetry.
    storage::Timestamp runOnce();

    // Rounds until `stop` is requested (clock.sleepUntil between rounds).
    void run(std::stop_token stop);

    [[nodiscard]] DispatcherStatus status() const;

    // This process became the writer (again): another writer may have moved the delivered mark
    // meanwhile, so the next round reads it from the store. Run thread only.
    void writerChanged();

private:
    storage::Timestamp round(storage::Timestamp now);
    // The delivered mark, read from the store when not known.
    storage::EventId deliveredMark();
    // The due events above `after` (the delivered mark, or for the read-ahead the last event of the
    // round in flight). Touches none of the run thread's state: the read-ahead calls it too.
    std::vector<storage::OutboxEvent> nextDue(storage::EventId after);
    // msg: due events and their records, built up to the first event that cannot be one; an event
    // that has its record no longer holds its payload.
    struct MsgBatch {
        std::vector<storage::OutboxEvent> claimed;
        std::vector<DeliveryRecord> records;
        std::string unsendable; // why claimed[records.size()] cannot be sent, when it cannot
    };
    static MsgBatch msgBatchOf(std::vector<storage::OutboxEvent> due, storage::Timestamp publishedAt);

    // The due events above some event, read on another thread.
    using DueAhead = std::future<std::vector<storage::OutboxEvent>>;
    // Builds the msg batch above `after` on another thread while this one waits for the sink: from
    // `due` when its rows are being read already, else read first. As soon as its rows are known,
    // and they are a full batch, the rows above them are read on a third thread, so that reading
    // one batch overlaps building the one before it (reading is the slower part of the two).
    void readAhead(storage::EventId after, std::optional<DueAhead> due);
    struct BuiltAhead {
        MsgBatch batch;
        std::optional<DueAhead> next; // the rows above the batch's, when it is full
    };
    // The read-ahead when it was read above the mark as it stands now, else nextDue(mark) built at
    // `now` (and nothing read above it).
    BuiltAhead nextMsgBatch(storage::Timestamp now);
    // Moves the mark to upTo (see "Delivered mark").
    void recordDelivered(storage::EventId upTo, storage::Timestamp at);
    // The same, the store's mark written on another thread while the round's next batch, read
    // ahead, is sent: the next batch waits for it before it writes anything, and so does the end of
    // the round (awaitMarkWrite); a failure to write it reaches runOnce there, which reads the mark
    // from the store again (the batch sent meanwhile is then sent again: a duplicate, never a gap or
    // a reorder).
    void recordDeliveredBeside(storage::EventId upTo, storage::Timestamp at);
    // Waits for the mark written beside, if any; throws what writing it threw.
    void awaitMarkWrite();
    // awaitMarkWrite for a round that failed otherwise: a failure of the write is logged and the
    // mark is read from the store again.
    void abandonMarkWrite();
    // Makes the events up to the mark SENT in the store (one statement), if any are not yet and
    // nothing was delivered for settleAfterQuiet before `now`.
    void settleWhenQuiet(storage::Timestamp now);
    storage::Timestamp msgRound(storage::Timestamp now);
    // One batch of a msg round: when the round is next due, and whether the round goes on with the
    // batch read ahead (this one full and wholly acknowledged, its mark being written beside, which
    // only happens when `mayGoOn`).
    struct MsgBatchEnd {
        storage::Timestamp next;
        bool goOn = false;
    };
    MsgBatchEnd msgBatch(storage::Timestamp now, bool mayGoOn);
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
    // The delivered mark as last read or written (unknown after a store failure); the events up to
    // settled_ are SENT in the store; the mark last moved at lastDeliveryAt_. Run thread only.
    std::optional<storage::EventId> mark_;
    storage::EventId settled_ = 0;
    storage::Timestamp lastDeliveryAt_{};
    // After a full batch: the next round's due events, read above its last event and built while its
    // records wait for their reports, and the rows of the round after it being read (used only if the mark
    // moved exactly there; dropped when the target is held or the writer changed, since rows above the mark
    // may have gone DEAD or been skipped meanwhile). Run thread only.
    struct ReadAhead {
        storage::EventId after = 0;
        std::future<BuiltAhead> built;
    };
    std::optional<ReadAhead> readAhead_;
    // A full batch was read since nothing was last due: a backlog, whose end joins its worker
    // threads and returns the freed memory (memory/FreedMemory.h). Run thread only.
    bool inBacklog_ = false;
    // The delivered mark being written beside the send of the next batch; never left pending when
    // runOnce returns (run thread only).
    std::future<void> markWrite_;
    // After an Unavailable result: no round tries the sink before this (run thread only).
    storage::Timestamp retryAt_{};
    // With on-dead `stop`: the last hold check found no hold, and this dispatcher made no event DEAD
    // since. Only the target's dispatcher in the writer makes its events DEAD (an operator's retry or
    // skip only releases a hold), so the check is read again only after this dispatcher did, after a
    // store failure, or when the writer changed; not once per round (a read per round was about a
    // fifth of the own-store transactions of a backlog). Run thread only.
    bool noHold_ = false;

    mutable std::mutex statusMutex_; // guards everything below
    DispatcherStatus counts_;        // target, sink, pending, dead, ages, latency, sentTotal
    std::optional<std::string> holdProblem_;
    std::optional<std::string> storeProblem_;
    std::optional<std::string> sendProblem_; // the last Unavailable result, until something is Acked
    SinkHealth sinkHealth_;

    // The threads a backlog's batches are read, built and recorded on: created with its first
    // read-ahead, joined when nothing is due any more (not idle threads between bursts, and not a
    // new thread per batch: concurrency/TaskThread.h). Three, because a build waits for the read it
    // started and a mark write runs beside both. The build thread is joined first (a build may
    // still hand a read over), the read thread last.
    struct BacklogWorkers {
        concurrency::TaskThread read;
        concurrency::TaskThread mark;
        concurrency::TaskThread build;
    };
    BacklogWorkers& backlogWorkers();
    // Last: joined first, so what was handed to them runs while everything it uses still exists.
    std::unique_ptr<BacklogWorkers> workers_;
};

} // namespace msgx::delivery
