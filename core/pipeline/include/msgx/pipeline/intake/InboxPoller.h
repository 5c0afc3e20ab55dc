#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/MailboxConfig.h"
#include "msgx/config/PipelineConfig.h"
#include "msgx/pipeline/intake/IntakeSettings.h"
#include "msgx/pipeline/intake/MissingIdTracker.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"

#include <optional>
#include <string>
#include <vector>

namespace msgx::pipeline {

struct PollReport {
    int read = 0;     // mailbox rows read
    int enqueued = 0; // new PROC_STATE rows (PENDING or SKIPPED mailbox-status:<value>)
    storage::MailboxId watermarkBefore = 0;
    storage::MailboxId watermarkAfter = 0;
    std::vector<IdRange> waitingGaps; // missing ids younger than max-commit-delay (rows above wait)
    std::vector<IdRange> expiredGaps; // missing ids given up on this round (left to the rescan)
    // The oldest of what this round left waiting: the DATE_RECEIVED of a row read but not taken
    // (it waits behind a gap), or when this poller first saw a waiting gap's ids missing. nullopt:
    // nothing waits (msgx_mailbox_oldest_unprocessed_age_seconds).
    std::optional<storage::Timestamp> oldestWaiting;
};

struct CompensationReport {
    int scanned = 0;                      // mailbox rows read between rescanFrom and the watermark
    std::vector<storage::MailboxId> late; // rows committed below the watermark after it passed them
    std::vector<IdRange> abandoned;       // gaps watched longer than the rescan horizon, dropped
    storage::MailboxId rescanFromBefore = 0;
    storage::MailboxId rescanFromAfter = 0;
};

struct SweepReport {
    storage::MailboxId from = 0; // the ids read this round: from..to (from > to: nothing to read)
    storage::MailboxId to = 0;
    int unprocessed = 0;                  // rows with DATE_PROCESSED NULL and an accepted status
    std::vector<storage::MailboxId> late; // of those, the ones the own store had never seen: queued
    bool completed = false;               // this round reached the end; the next begins again
};

// Discovery of new mailbox rows (US-01, architecture.md §1, §10 Q2, docs/pipeline.md).
//
// pollOnce reads CMINMSGS rows with ID > watermark in ID order (at most pipeline.batch-size) and
// queues the longest prefix it may take: a row may be taken when every lower id above the watermark
// is present or missing for at least pipeline.max-commit-delay (measured with the clock from the
// first time this poller saw it missing; a restarted poller starts the wait again). The rows taken
// and the new watermark are written in one own-store transaction (ProcessingQueue::enqueue); a
// failure leaves the watermark where it was and touches nothing in the mailbox. Rows whose STATUS
// is not exactly (case-sensitive) one of mailbox.accept-status, NULL included, are recorded
// SKIPPED "mailbox-status:<value>" ("mailbox-status:(null)") and are not gaps. An idle poll is the
// one indexed mailbox query (the cursor is cached after the first load).
//
// compensateOnce rescans the ids from INBOX_CURSOR.rescanFrom up to the watermark for rows
// committed after the watermark passed them (gaps given up that filled late), queues them (they
// are reported and logged as late; being lower than the head, they are processed next, out of the
// strict order by nature), and moves rescanFrom up to the lowest id still watched: a gap is watched
// for rescanHorizon() after it was given up (or, after a restart, after the first rescan saw it),
// then abandoned with a WARN line, so a gap that never fills never pins the rescan.
//
// sweepOnce is the net under both (US-01.3): a row that commits after its gap was abandoned is
// still found. Each round reads the next pipeline.sweep-ids-per-round ids between the cut-over start
// (kStartName) and the queue head (the watermark when the queue is empty), in pages of
// kSweepPageIds, for rows with DATE_PROCESSED NULL and an accepted status that have no PROC_STATE
// or PROC_STATE_HST row; it queues them (WARN with how late each one is) and wraps to the start at
// the end. Ids above the head are left to the next rounds: the queued backlog there is not marked
// yet, and the head passes it.
//
// A mailbox whose largest id is below the watermark (restored from a backup, truncated, or its
// AUTO_INCREMENT reset) would hand out ids msgxd has taken already, and those rows would be lost:
// pollOnce (on its first call, and on every call while it holds) and compensateOnce check it and
// throw IntakeStopped until the mailbox's largest id passes the watermark or an operator accepts
// this mailbox's largest id (msgxctl cursor set records it as kMailboxAckName).
//
// Both throw storage::InfraError when the own store or the mailbox fails; the caller retries.
// Not thread-safe: call them from the one poller thread.
class InboxPoller {
public:
    static constexpr const char* kCursorName = "inbox";
    // INBOX_CURSOR row of the cut-over start: its watermark is the last id left to the legacy
    // consumer (pipeline.first-start, msgxctl cursor set); absent on a store that began at 0.
    static constexpr const char* kStartName = "inbox-start";
    static constexpr storage::MailboxId kSweepPageIds = 10000;
    // INBOX_CURSOR row of an accepted mailbox behind the watermark: its watermark is the mailbox's
    // largest id (0: empty) when an operator last ran msgxctl cursor set.
    static constexpr const char* kMailboxAckName = "inbox-mailbox-max";

    InboxPoller(storage::OwnStore& store, storage::MailboxInbox& inbox, const Clock& clock,
                IntakeSettings settings);

    PollReport pollOnce();
    CompensationReport compensateOnce();
    SweepReport sweepOnce();

    // How long a given-up gap is watched by the rescan: 10 x max-commit-delay, at least two
    // compensation intervals (so that every gap is rescanned at least once more).
    static Clock::duration rescanHorizon(const config::PipelineConfig& pipeline);
    // Whether a row with this CMINMSGS_STATUS is processed, and the note of one that is not.
    static bool accepted(const config::MailboxConfig& mailbox, const std::optional<std::string>& status);
    static std::string skipNote(const std::optional<std::string>& status);
    // The PROC_STATE row of a mailbox row as intake records it: PENDING, or SKIPPED with skipNote
    // when its STATUS is not accepted; a STATUS longer than MAILBOX_STATUS stays whole in the note.
    static storage::NewMessage newMessage(const config::MailboxConfig& mailbox,
                                          const storage::MailboxRow& row);

private:
    storage::InboxCursor loadCursor();
    void checkMailboxNotBehind(const storage::InboxCursor& cursor);
    // The rows of a poll that may be queued now: the longest prefix whose lower ids are all present
    // or gaps older than max-commit-delay. Records the expired and waiting gaps and the oldest wait.
    std::vector<storage::NewMessage> takeable(const storage::InboxCursor& cursor,
                                              const std::vector<storage::MailboxRow>& rows,
                                              storage::Timestamp now, PollReport& report);
    // Queues `messages` and moves the watermark past them in one own-store transaction; the expired
    // gaps go to the rescan. A failure leaves the cursor to be read again.
    void enqueueTaken(const storage::InboxCursor& cursor, const std::vector<storage::NewMessage>& messages,
                      storage::Timestamp now, PollReport& report);

    storage::OwnStore& store_;
    storage::MailboxInbox& inbox_;
    const Clock& clock_;
    const IntakeSettings settings_;
    std::optional<storage::InboxCursor> cursor_; // as last written or read; reloaded after a failure
    MissingIdTracker waiting_;                   // gaps above the watermark
    MissingIdTracker givenUp_;                   // gaps below the watermark watched by the rescan
    // After an empty poll the next one first probes with an id-only query (hasRowsAbove): idle
    // polls stay cheap, a busy stream keeps one query per poll.
    bool lastPollEmpty_ = true;
    std::optional<storage::MailboxId> sweepNext_; // where the next sweep round begins
    bool mailboxChecked_ = false;                 // checkMailboxNotBehind passed since the cursor load
};

} // namespace msgx::pipeline
