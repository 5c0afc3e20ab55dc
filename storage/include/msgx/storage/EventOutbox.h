#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/storage/OutboxEvent.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace msgx::storage {

// MSG_EVENT: outbox events per target, delivered strictly in EVENT_ID order (architecture.md §6).
class EventOutbox {
public:
    virtual ~EventOutbox() = default;

    // The oldest PENDING event of `target` with EVENT_ID > afterId (the target's delivered mark),
    // due or not.
    virtual std::optional<OutboxEvent> head(const std::string& target, EventId afterId) = 0;

    // Up to maxCount PENDING events of `target` with EVENT_ID > afterId (the target's delivered
    // mark) in EVENT_ID order, stopping at the first one that is not due (NEXT_ATTEMPT_AT > now):
    // nothing passes a head that waits for its backoff. A plain read that locks and writes nothing:
    // a target has one sender, its dispatcher in the process that holds the writer lease (every
    // write of a deposed writer is fenced), so no claim needs recording; what the dispatcher
    // delivered it records with its delivered mark and settles with markSent.
    virtual std::vector<OutboxEvent> nextDue(const std::string& target, EventId afterId, int maxCount) = 0;

    // The target's delivered mark: every event of `target` with EVENT_ID <= it was acknowledged by
    // the sink or is DEAD; 0 before the first delivery. Kept in INBOX_CURSOR under the name
    // "delivery-sent:<target>".
    virtual EventId deliveredMark(const std::string& target) = 0;
    // Moves the delivered mark of `target` to upTo (one upsert in a writer transaction, fenced).
    // The dispatcher calls it with the last event of the acknowledged prefix of its round.
    virtual void recordDelivered(const std::string& target, EventId upTo) = 0;

    // Every PENDING event of `target` with afterId < EVENT_ID <= upTo becomes SENT with SENT_AT now,
    // in one statement. (No row count is returned: through ODBC Poco does not report it reliably.)
    // For the span its delivered mark has passed
    // (Dispatcher.h "Delivered mark"): the events of a target are delivered strictly in EVENT_ID
    // order, so that span holds only delivered events besides DEAD ones, which stay DEAD.
    virtual void markSent(const std::string& target, EventId afterId, EventId upTo) = 0;
    // A refused delivery: attempts + 1, next attempt at nextAttemptAt, error kept.
    virtual void recordFailure(EventId id, Timestamp nextAttemptAt, const std::string& error) = 0;
    // A delivery that could not be tried (transport down): next attempt later, attempts unchanged.
    virtual void postpone(const std::vector<EventId>& ids, Timestamp nextAttemptAt) = 0;
    virtual void markDead(const std::vector<EventId>& ids, const std::string& error) = 0;

    // PENDING events of `target` with EVENT_ID > afterId (the delivered mark).
    virtual std::int64_t pendingCount(const std::string& target, EventId afterId) = 0;

    // The backlog of `target` above afterId (its delivered mark): what a dispatcher reports about
    // itself at most every statusRefresh. It reads the (TARGET, STATE, EVENT_ID) index ranges of
    // PENDING above afterId and of DEAD only, so its cost follows what is undelivered, not the size
    // of the outbox.
    virtual TargetBacklog backlog(const std::string& target, EventId afterId) = 0;

    // Per target that has any event: counts per state, the CREATED_AT of the oldest PENDING event
    // and the EVENT_ID of the newest DEAD one (status, metrics, the on-dead hold). The SQL outbox
    // reads the events and DEAD events per target from MSG_EVENT_COUNT, PENDING above the mark from
    // its index range and the newest DEAD id from one index descent: never the SENT rows.
    virtual std::vector<TargetSummary> summary() = 0;

    // `msgxctl events retry`: every DEAD event of `target` with EVENT_ID > afterId -> PENDING with
    // ATTEMPTS 0 and NEXT_ATTEMPT_AT now, LAST_ERROR kept. Returns how many.
    virtual int requeueDead(const std::string& target, EventId afterId) = 0;

    // The newest DEAD event of `target`, if any.
    virtual std::optional<OutboxEvent> newestDead(const std::string& target) = 0;

    // Up to `limit` events of `target` with id > afterId in EVENT_ID order, of `state` when given.
    virtual std::vector<OutboxEvent> list(const std::string& target, std::optional<EventState> state,
                                          EventId afterId, int limit) = 0;
    virtual std::optional<OutboxEvent> find(EventId id) = 0;

    // The events produced by the mailbox messages `sourceIds` (`GET /ops/messages`): every MSG_EVENT
    // row whose SOURCE_ID is one of them, whatever its target and state, in EVENT_ID order. The online
    // table only: the events of an archived message are in MSG_EVENT_HST and not returned. Duplicate
    // ids are harmless; no ids -> no events and no statement. The SQL repository reads
    // kIdsPerStatement (50) ids per statement. Its default throws std::logic_error and exists only
    // so that test doubles of the other operations need not implement it.
    virtual std::vector<OutboxEvent> bySources(const std::vector<MailboxId>& sourceIds) {
        (void)sourceIds;
        throw std::logic_error("EventOutbox::bySources is not implemented by this outbox");
    }
};

} // namespace msgx::storage
