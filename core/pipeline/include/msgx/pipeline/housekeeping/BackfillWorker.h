#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/HousekeepingConfig.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"

namespace msgx::pipeline {

struct BackfillRound {
    int written = 0;    // mailbox rows marked and their intents done
    int superseded = 0; // mailbox rows marked whose intent got newer meanwhile (a replay): left DUE
    int failed = 0;     // rows whose UPDATE failed (retried with backoff)
    storage::Timestamp nextAt{};
};

// Writes DATE_PROCESSED and the STATUS value of every terminal message back into the mailbox row
// (US-09): reads due intents (in id order, a backlog batch after batch from the last id read; the
// only reader of them, BackfillQueue::nextDue), UPDATEs their mailbox rows (one mailbox transaction
// per round, row by row when that fails), marks them done in one store transaction guarded by
// PROCESSED_AT (a replay's newer intent is never lost to an older task: it stays DUE and is written
// next). A failure retries with persistent backoff (backfill.backoff doubling per attempt up to
// backfill.backoff-cap, BACKFILL_NEXT_AT in the store, so a restart keeps the schedule). Never runs
// business logic. Not started in shadow mode (and shadow commits record no intent anyway).
class BackfillWorker {
public:
    // Intents read per round. A daemon restarted after a crash finds the rows its predecessor was
    // writing still due and writes them again (the same values).
    static constexpr int kBatch = 100;

    BackfillWorker(storage::OwnStore& store, storage::MailboxInbox& inbox, const Clock& clock,
                   const config::BackfillConfig& settings);

    // One round. nextAt is now when a full batch was read (more may be due), now + backfill.backoff
    // when the mailbox failed (the round stops at the first mailbox failure: it is likely down, and
    // the tasks after it are handed back due at nextAt, no attempt counted), else now +
    // backfill.interval. Throws storage::InfraError when the own store fails; the tasks that round
    // read and did not finish are handed back at the start of the next round.
    BackfillRound runOnce();

    // backfill.backoff x 2^attempts, at most backfill.backoff-cap: the delay after a failure of a
    // task that had failed `attempts` times before.
    static Clock::duration retryDelay(const config::BackfillConfig& settings, int attempts);

private:
    storage::OwnStore& store_;
    storage::MailboxInbox& inbox_;
    const Clock& clock_;
    config::BackfillConfig settings_;
    std::vector<storage::MailboxId> unsettled_; // read by a round that the own store interrupted
    // Where the next round reads from (BackfillQueue::nextDue): the last id of a full batch while a
    // backlog drains, else 0.
    storage::MailboxId readAfter_ = 0;
};

} // namespace msgx::pipeline
