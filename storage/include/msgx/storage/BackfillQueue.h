#pragma once

#include "msgx/storage/Ids.h"
#include "msgx/storage/Timestamp.h"

#include <optional>
#include <string>
#include <vector>

namespace msgx::storage {

// A mailbox row to mark: CMINMSGS_DATE_PROCESSED = processedAt, CMINMSGS_STATUS = status.
struct BackfillTask {
    MailboxId mailboxId = 0;
    std::string status;
    Timestamp processedAt{};
    int attempts = 0;

    bool operator==(const BackfillTask&) const = default;
};

// The back-fill intents recorded by processing commits (PROC_STATE.BACKFILL_*).
class BackfillQueue {
public:
    virtual ~BackfillQueue() = default;

    // Up to maxCount due intents (BACKFILL_STATE DUE, BACKFILL_NEXT_AT <= now) with CMINMSGS_ID >
    // afterId, in CMINMSGS_ID order: a worker draining a backlog passes the last id of its previous
    // read, so the read goes on from there and not over the whole due set again (0: from the start).
    // A read in a writer transaction (fenced) that locks and writes nothing: back-fill has one
    // worker, the writer's BackfillWorker, whose rounds run one after another, and every row a round
    // read leaves the due set in that round (done, a failure's backoff, postponed) or is handed back
    // at the start of the next; a deposed writer's mark is fenced, and its mailbox write, if any,
    // writes the same values its successor writes.
    virtual std::vector<BackfillTask> nextDue(int maxCount, MailboxId afterId) = 0;
    virtual void markDone(MailboxId id) = 0;
    // markDone guarded by the task's PROCESSED_AT: a no-op returning false when the row got a newer
    // terminal commit (a replay) after the task was read, so the newer intent stays DUE.
    virtual bool markDoneIf(MailboxId id, Timestamp processedAt) = 0;
    // markDoneIf for each task (its mailboxId and processedAt), in one transaction; returns the ids
    // left as they were because their intent is newer than the task (or gone).
    virtual std::vector<MailboxId> markDoneIfCurrent(const std::vector<BackfillTask>& tasks) = 0;
    // Hands intents read back: the DUE ones among `ids` are due at nextAttemptAt, attempts
    // unchanged (a round that stopped before trying them).
    virtual void postpone(const std::vector<MailboxId>& ids, Timestamp nextAttemptAt) = 0;
    // attempts + 1, next try at nextAttemptAt.
    virtual void recordFailure(MailboxId id, Timestamp nextAttemptAt, const std::string& error) = 0;
    virtual std::int64_t dueCount() = 0;
    // When the oldest due back-fill's message ended (its PROCESSED_AT); nullopt when none is due
    // (msgx_backfill_oldest_due_age_seconds).
    virtual std::optional<Timestamp> oldestDueProcessedAt() = 0;
};

} // namespace msgx::storage
