#pragma once

#include "msgx/codec/ErrorClass.h"
#include "msgx/storage/FlightRecord.h"
#include "msgx/storage/InboxCursors.h"
#include "msgx/storage/OutboxEvent.h"
#include "msgx/storage/ProcessingRecord.h"
#include "msgx/storage/ReferenceRecord.h"
#include "msgx/storage/Timestamp.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace msgx::storage {

// What the caller read of a PROC_STATE row and bases its write on. A guarded write applies only
// when the row still has this state and attempt count; otherwise nothing is written and the
// result says conflict. This also makes a write whose commit outcome was unknown (InfraError on
// COMMIT) safe to repeat: the repeat finds the row moved on and changes nothing.
struct QueueGuard {
    ProcessingState state = ProcessingState::Pending;
    int attempts = 0;
};

// How a processing attempt ended, when it ended for good.
struct ProcessingOutcome {
    ProcessingState state = ProcessingState::Succeeded; // Succeeded, Skipped or Dead
    std::optional<ErrorClass> errorClass;               // Dead: MALFORMED, EXHAUSTED, ...
    std::optional<std::string> lastError;               // Dead: the last error text
    std::optional<std::string> note; // "duplicate-of:17", "ignored:LDM-*", "unknown-flight"
    // The STATUS value to back-fill into the mailbox row (mailbox.status-map); nullopt records no
    // back-fill intent (shadow mode).
    std::optional<std::string> backfillStatus;
};

// Everything one processed message changes, written in one transaction: all of it or nothing
// (architecture.md §1: flight changes, outbox events, terminal state, back-fill intent).
struct ProcessingCommit {
    MailboxId mailboxId = 0;
    QueueGuard expected;
    std::vector<FlightWrite> flights;        // applied in order
    std::vector<NewEvent> events;            // EVENT_IDs grow in this order
    std::vector<ReferenceChange> references; // applied in order
    ProcessingOutcome outcome;
    // Set by the batching pump so that a message needs no transaction of its own before its commit:
    // identityKey is bound in the commit's transaction exactly as bindIdentity would (a key held by
    // another message refuses the commit with identityHeldBy set), and PROCESSING_STARTED_AT is set
    // to processingStartedAt unless it is already set.
    std::optional<std::string> identityKey;
    std::optional<Timestamp> processingStartedAt;
    // A RESP matched to its request (architecture.md §7): the request becomes DONE, answered by this
    // message, in the commit's transaction (RequestTracker::markDone's rule; a request that is no
    // longer open is left as it is and does not refuse the commit).
    std::optional<std::int64_t> answersRequest;
};

// A failed processing attempt that will be retried (FAILED, attempts + 1).
struct ProcessingFailure {
    ErrorClass errorClass = ErrorClass::Infra;
    std::string error;
    Timestamp nextAttemptAt{};
};

struct StateCount {
    ProcessingState state = ProcessingState::Pending;
    std::optional<ErrorClass> errorClass;
    std::int64_t count = 0;

    bool operator==(const StateCount&) const = default;
};

// One kept count recountStates() found wrong: its table, its key ("STATE/ERROR_CLASS" with "-" for
// none, "TARGET/KIND" with KIND ALL or DEAD), what it held and what the rows say.
struct CountCorrection {
    std::string table;
    std::string key;
    std::int64_t kept = 0;
    std::int64_t counted = 0;

    bool operator==(const CountCorrection&) const = default;
};

// What ProcessingQueue::list returns: each condition that is set must hold.
struct MessageFilter {
    std::optional<ProcessingState> state;
    std::optional<ErrorClass> errorClass;
    // A window on ENQUEUED_AT (when the message entered PROC_STATE): from inclusive, before
    // exclusive, so adjacent windows neither overlap nor leave a gap. Either bound may be given alone.
    // The default member initializers keep `{state, errorClass}` initialisers of earlier callers free
    // of -Wmissing-field-initializers.
    std::optional<Timestamp> enqueuedFrom = std::nullopt;
    std::optional<Timestamp> enqueuedBefore = std::nullopt;
};

struct WriteResult {
    bool applied = false;
    std::string conflict; // why not, when !applied: "PROC_STATE 42 is SUCCEEDED, expected PENDING/0"
    std::optional<MailboxId> conflictAt;     // the message whose guard, flight version or identity failed
    std::optional<MailboxId> identityHeldBy; // when its identityKey is held by this other message

    static WriteResult ok() { return {true, {}, {}, {}}; }
    static WriteResult refused(std::string why) { return {false, std::move(why), {}, {}}; }
};

struct IdentityBinding {
    // True when the message holds the identity (it was free, or already this message's).
    bool bound = false;
    // When !bound: the message that holds it (in PROC_STATE or, once archived, PROC_STATE_HST).
    std::optional<MailboxId> duplicateOf;
    // When bound: the key held; a message that was bound before keeps its first key.
    std::string key;
};

// What the pump reads for its next batch (ProcessingQueue::commitAllAndReadFront): the head and up
// to `limit` unfinished rows after it, in id order.
struct QueueFront {
    std::optional<ProcessingRecord> head;
    std::vector<ProcessingRecord> next;
};

// PROC_STATE: the queue of mailbox messages in strict id order (architecture.md §4).
class ProcessingQueue {
public:
    virtual ~ProcessingQueue() = default;

    // In one transaction: inserts each message that is not in PROC_STATE yet (PENDING, or SKIPPED
    // with its skipNote), and, when `cursor` is given, writes the inbox cursor. A message whose id is
    // already there is left exactly as it is, whatever its state (never resets a terminal row).
    // Returns the ids that were inserted, in the order given.
    virtual std::vector<MailboxId> enqueue(const std::vector<NewMessage>& messages,
                                           const std::optional<InboxCursor>& cursor) = 0;

    // The head of the queue: the unfinished (PENDING or FAILED) message with the smallest id, due or not.
    virtual std::optional<ProcessingRecord> head() = 0;
    virtual std::optional<ProcessingRecord> find(MailboxId id) = 0;
    // The row of message `id` in PROC_STATE or, once archived, in PROC_STATE_HST (the live row first;
    // an archived one has `archived` set).
    virtual std::optional<ProcessingRecord> findAnywhere(MailboxId id) = 0;
    // The ids first..last (both included) that have a row in PROC_STATE or PROC_STATE_HST, ascending
    // (two primary-key range reads of the id alone; the late-commit sweep).
    virtual std::vector<MailboxId> knownIds(MailboxId first, MailboxId last) = 0;
    // Number of unfinished messages.
    virtual std::int64_t unfinishedCount() = 0;

    // Sets PROCESSING_STARTED_AT to now unless it is set; returns the anchor in force.
    virtual Timestamp markProcessingStarted(MailboxId id) = 0;

    // Binds `key` (SNDR|TYPE|STYP|SEQN) to message `id`, unique across PROC_STATE and its archive.
    virtual IdentityBinding bindIdentity(MailboxId id, const std::string& key) = 0;

    // The messages holding any of `keys` in PROC_STATE or PROC_STATE_HST (the lowest id where two
    // rows claim one), by key: a read of the unique index, nothing bound or locked.
    virtual std::map<std::string, MailboxId> identityHolders(const std::vector<std::string>& keys) = 0;

    // pipeline.identity-window: clears IDENTITY_KEY of message `holder` (live or archived row) when it
    // is still `key`, so that another message can bind it under the unique index. The holder's
    // document, state and note stay. False when the holder no longer had it.
    virtual bool releaseIdentity(MailboxId holder, const std::string& key) = 0;

    // PENDING/FAILED -> FAILED with attempts + 1, guarded by `expected`.
    virtual WriteResult recordFailure(MailboxId id, const QueueGuard& expected,
                                      const ProcessingFailure& failure) = 0;

    // The processing commit, guarded by commit.expected and by each flight's expectedVersion. A
    // conflict rolls everything back and returns !applied; a database failure throws InfraError
    // with nothing written.
    virtual WriteResult commit(const ProcessingCommit& commit) = 0;

    // Several processing commits in one transaction, applied in the order given, each with its own
    // guard, flight versions and outcome (pipeline.messages-per-transaction). All or nothing: the
    // first conflict rolls every one of them back and the result names it; a database failure
    // throws InfraError with nothing written. A later commit may change a flight an earlier one
    // wrote: its expectedVersion is then the version the earlier write produced.
    virtual WriteResult commitAll(const std::vector<ProcessingCommit>& commits) = 0;

    // commitAll, and when it applied, the queue's front as it is after those writes: head() and, when
    // there is a head, nextUnfinished(head, limit). The SQL stores read it inside the commit's own
    // transaction, so a batch after a batch costs one own-store transaction instead of three;
    // `front` is left as it was when the commit did not apply (or threw). This default commits and
    // then reads, in three.
    virtual WriteResult commitAllAndReadFront(const std::vector<ProcessingCommit>& commits, int limit,
                                              QueueFront& front) {
        WriteResult result = commitAll(commits);
        if (result.applied) {
            front.head = head();
            front.next =
                front.head ? nextUnfinished(front.head->mailboxId, limit) : std::vector<ProcessingRecord>{};
        }
        return result;
    }

    // Replay (US-10): FAILED or DEAD -> PENDING, guarded by `expected`: ATTEMPTS 0, NEXT_ATTEMPT_AT,
    // PROCESSING_STARTED_AT (the deadline anchor) and NOTE cleared; ERROR_CLASS and LAST_ERROR are
    // kept until the next attempt ends (they say why the replay was needed); IDENTITY_KEY is kept;
    // a back-fill intent still DUE becomes NONE (superseded: the old status is never written after
    // the replay, US-09.4), one DONE stays; the next terminal commit records a new intent.
    // A message no longer in PROC_STATE that is DEAD in PROC_STATE_HST (archived) is moved back into
    // PROC_STATE in the same transaction, reset the same way, its history row deleted (its events
    // stay in MSG_EVENT_HST). Its IDENTITY_KEY comes back with it; when a live message holds that key
    // (only possible through SQL by hand: binding looks in both tables), nothing moves and the result
    // names the holder. A key the identity window released from the archived row (NULL) stays NULL:
    // the pump binds the identity again when it decodes the message, so a repeat processed since
    // makes the replay SKIPPED duplicate-of:<repeat> (docs/operations.md "msgxctl replay").
    virtual WriteResult resetForReplay(MailboxId id, const QueueGuard& expected) = 0;

    // Number of PROC_STATE rows per (STATE, ERROR_CLASS), for `msgxctl status`; only non-zero
    // counts, ordered by state then class. The SQL queue reads them from PROC_STATE_COUNT, which
    // every transaction that changes those columns keeps (docs/storage.md "State counts"): a few
    // rows, whatever the size of PROC_STATE.
    virtual std::vector<StateCount> countByState() = 0;

    // Sets the kept counts of messages and events by state (PROC_STATE_COUNT, MSG_EVENT_COUNT) from
    // the rows themselves, in one transaction, and returns those it found wrong: none unless rows
    // were changed outside msgx (SQL by hand). A scan of both online tables; msgxd runs it once
    // each time it becomes the writer. A queue that counts its rows when asked has none to set.
    virtual std::vector<CountCorrection> recountStates() { return {}; }

    // Up to `limit` rows with id > afterId in id order, filtered by state, error class and the
    // enqueue window when given (`msgxctl messages`, replay by error class, `GET /ops/messages`).
    // The window is not indexed: a window that matches few rows is found by walking the ids (or the
    // STATE index) after afterId; PROC_STATE holds the online messages only (ArchiveMover).
    // A filter on state DEAD also reads the DEAD rows of PROC_STATE_HST (archived DEAD messages stay
    // repairable, resetForReplay): both in one id order, `archived` set on those from history.
    virtual std::vector<ProcessingRecord> list(const MessageFilter& filter, MailboxId afterId, int limit) = 0;

    // The pump's next batch after its head: PENDING and FAILED rows with afterId < id <=
    // afterId + 4 x limit + 16, in id order, at most `limit`. The bounded id range keeps the read an
    // index range scan whatever the planner's statistics say (an open-ended `STATE = ? ORDER BY id
    // LIMIT n` read and sorted every pending row when they were stale); queue ids are dense, and a
    // wider gap only makes that batch smaller.
    virtual std::vector<ProcessingRecord> nextUnfinished(MailboxId afterId, int limit) = 0;
};

} // namespace msgx::storage
