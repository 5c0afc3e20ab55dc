#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/Config.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"

#include <map>
#include <vector>

namespace msgx::pipeline {

struct PollReport {
    int read = 0;     // mailbox rows read
    int enqueued = 0; // new PROC_STATE rows (PENDING or SKIPPED mailbox-status:<value>)
    storage::MailboxId watermarkBefore = 0;
    storage::MailboxId watermarkAfter = 0;
    std::vector<storage::MailboxId> waitingGaps; // missing ids younger than max-commit-delay
    std::vector<storage::MailboxId> expiredGaps; // missing ids given up on this round
};

struct CompensationReport {
    int scanned = 0;
    std::vector<storage::MailboxId> late; // rows committed below the watermark after it passed them
};

// Discovery of new mailbox rows (US-01, architecture.md §1, §10 Q2).
//
// pollOnce reads CMINMSGS rows with ID > watermark in ID order (at most pipeline.batch-size) and
// queues the contiguous run it may take: a row right after the watermark, or after an id that is
// missing (a gap: a lower id not committed yet) only once that gap has been seen for longer than
// pipeline.max-commit-delay (measured with the clock from the first time this poller saw it). The
// rows taken and the new watermark are written in one own-store transaction
// (ProcessingQueue::enqueue); a failure leaves the watermark where it was and touches nothing in
// the mailbox. Rows whose STATUS is not in mailbox.accept-status are recorded
// SKIPPED "mailbox-status:<value>" and are not gaps.
//
// compensateOnce rescans the ids between the rescan cursor and the watermark for rows committed
// after the watermark passed them (expired gaps that filled), queues them (logged as late) and
// advances INBOX_CURSOR.rescanFrom past ids that are queued or older than the rescan horizon.
//
// Both throw storage::InfraError when the own store or the mailbox fails; the caller retries.
class InboxPoller {
public:
    InboxPoller(storage::OwnStore& store, storage::MailboxInbox& inbox, const Clock& clock,
                const config::Config& config);

    PollReport pollOnce();
    CompensationReport compensateOnce();

private:
    storage::OwnStore& store_;
    storage::MailboxInbox& inbox_;
    const Clock& clock_;
    const config::Config& config_;
    std::map<storage::MailboxId, storage::Timestamp> gapFirstSeen_;
};

} // namespace msgx::pipeline
