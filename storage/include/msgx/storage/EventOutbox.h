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

    // The oldest PENDING event of `target`, due or not.
    virtual std::optional<OutboxEvent> head(const std::string& target) = 0;

    // Claims up to maxCount PENDING events of `target` in EVENT_ID order from the head, stopping
    // at the first one that is not due (NEXT_ATTEMPT_AT > now): nothing passes a head that waits for
    // its backoff or is claimed by someone else. Claimed events get NEXT_ATTEMPT_AT = now + claimFor,
    // so a second claimer sees them again only after the claim ran out (a crashed dispatcher).
    // The rows are read with FOR UPDATE (waiting, never SKIP LOCKED, which would let a claimer pass
    // a locked head).
    virtual std::vector<OutboxEvent> claimBatch(const std::string& target, int maxCount,
                                                Clock::duration claimFor) = 0;

    virtual void markSent(const std::vector<EventId>& ids) = 0;
    // A refused delivery: attempts + 1, next attempt at nextAttemptAt, error kept.
    virtual void recordFailure(EventId id, Timestamp nextAttemptAt, const std::string& error) = 0;
    // A delivery that could not be tried (transport down): next attempt later, attempts unchanged.
    virtual void postpone(const std::vector<EventId>& ids, Timestamp nextAttemptAt) = 0;
    virtual void markDead(const std::vector<EventId>& ids, const std::string& error) = 0;

    virtual std::int64_t pendingCount(const std::string& target) = 0;

    // Per target that has any event: counts per state, the CREATED_AT of the oldest PENDING event
    // and the EVENT_ID of the newest DEAD one (status, metrics, the on-dead hold).
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
