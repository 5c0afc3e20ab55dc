#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/Config.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"

namespace msgx::pipeline {

struct BackfillRound {
    int written = 0; // mailbox rows marked
    int failed = 0;  // rows whose UPDATE failed (retried with backoff)
    storage::Timestamp nextAt{};
};

// Writes DATE_PROCESSED and the STATUS value of every terminal message back into the mailbox row
// (US-09): claims due intents, UPDATEs the mailbox, marks them done guarded by PROCESSED_AT (a
// replay's newer intent is never lost to an older task). A failure retries with persistent
// backoff (backfill.backoff doubling up to backfill.backoff-cap, BACKFILL_NEXT_AT in the store, so
// a restart keeps it). Never runs business logic. Not started in shadow mode.
class BackfillWorker {
public:
    BackfillWorker(storage::OwnStore& store, storage::MailboxInbox& inbox, const Clock& clock,
                   const config::BackfillConfig& settings);

    // One round; nextAt is now when more intents are due, else now + backfill.interval.
    BackfillRound runOnce();

private:
    storage::OwnStore& store_;
    storage::MailboxInbox& inbox_;
    const Clock& clock_;
    config::BackfillConfig settings_;
};

} // namespace msgx::pipeline
