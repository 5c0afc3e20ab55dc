#pragma once

#include "msgx/clock/Clock.h"
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

    // Up to maxCount due intents (BACKFILL_STATE DUE, BACKFILL_NEXT_AT <= now), in no set order.
    // Rows another worker holds are skipped (FOR UPDATE SKIP LOCKED: order does not matter here);
    // the returned ones get BACKFILL_NEXT_AT = now + claimFor, so they are not handed out twice.
    virtual std::vector<BackfillTask> claimDue(int maxCount, Clock::duration claimFor) = 0;
    virtual void markDone(MailboxId id) = 0;
    // markDone guarded by the task's PROCESSED_AT: a no-op returning false when the row got a newer
    // terminal commit (a replay) after the task was claimed, so the newer intent stays DUE.
    virtual bool markDoneIf(MailboxId id, Timestamp processedAt) = 0;
    // markDoneIf for each task (its mailboxId and processedAt), in one transaction; returns the ids
    // left as they were because their intent is newer than the task (or gone).
    virtual std::vector<MailboxId> markDoneIfCurrent(const std::vector<BackfillTask>& tasks) = 0;
    // Hands claimed intents back: the DUE ones among `ids` are due at nextAttemptAt, attempts
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
