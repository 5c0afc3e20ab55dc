#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/codec/ErrorClass.h"
#include "msgx/codec/TimeZone.h"
#include "msgx/concurrency/TaskThread.h"
#include "msgx/config/LimitsConfig.h"
#include "msgx/config/PipelineConfig.h"
#include "msgx/config/RequestsConfig.h"
#include "msgx/decoder/MessageDecoder.h"
#include "msgx/pipeline/housekeeping/FlightHistorySweep.h"
#include "msgx/pipeline/pump/DecisionCommit.h"
#include "msgx/pipeline/pump/RetryPolicy.h"
#include "msgx/pipeline/pump/StoreFlightView.h"
#include "msgx/pipeline/pump/StoreReferenceView.h"
#include "msgx/pipeline/routing/IgnoreRules.h"
#include "msgx/plugin/PluginHost.h"
#include "msgx/storage/InfraError.h"
#include "msgx/storage/OwnStore.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace msgx::config {
struct Config;
} // namespace msgx::config

namespace msgx::pipeline {

// What the pump takes of the configuration: pipeline.* (batches, retries, identities, ignore rules,
// the business time zone), what its commits write beside a decision, the largest message, whether a
// RESP matches an open request by its SEQN echo, and the reference types only the admin API writes.
struct PumpSettings {
    config::PipelineConfig pipeline;
    CommitSettings commit; // mailbox.status-map, shadow
    std::uint64_t maxDocumentSize = config::LimitsConfig{}.maxDocumentSize;
    bool matchSeqnEcho = config::RequestsConfig{}.matchSeqnEcho;
    // limits.unknown-key-labels: keys without a plugin warned about one by one, then one WARN.
    int unknownKeysWarned = config::LimitsConfig{}.unknownKeyLabels;
    // The RTYPEs only the admin-API refresh writes (refresh.precedence admin-api), upper case.
    std::set<std::string, std::less<>> refreshedTypes;
    FlightHistorySettings history; // flights.* (the history sweep and revival)

    static PumpSettings of(const config::Config& config);
};

// What one pump step did and when the next one is due.
struct PumpStep {
    enum class Kind {
        Idle,             // no unfinished message
        Progress,         // committed one or more messages (terminal or FAILED), or must run again
        HeadWaiting,      // the head waits for its backoff until `nextAt`
        StoreUnavailable, // the own store failed; nothing was marked; try again later
    };
    Kind kind = Kind::Idle;
    int finished = 0;       // messages that reached a terminal state in this step
    int failed = 0;         // messages recorded FAILED in this step
    int movedToHistory = 0; // flights the history sweep moved in this step (events to deliver)
    storage::Timestamp nextAt{};
    std::string problem; // StoreUnavailable: the error
};

// The only writer of flight state (US-03, architecture.md §1, §4).
//
// step() takes the head (smallest unfinished id). When it waits for its backoff (NEXT_ATTEMPT_AT
// in the future), nothing passes it: HeadWaiting. Otherwise, per message in id order: decode
// (MALFORMED -> DEAD at once) -> ignore rules (SKIPPED ignored:<rule>) -> identity
// SNDR|TYPE|STYP|SEQN (held by another message -> SKIPPED duplicate-of:<id>) -> the precedence of the
// admin-API refresh (refresh.precedence admin-api: a message whose TYPE is the RTYPE of a class in
// refresh.classes -> SKIPPED ignored:refreshed-from-admin-api, REF_MASTER untouched) -> the RESP
// guard -> the handler through the plugin host (none -> FAILED(UNSUPPORTED) "no handler serves
// <key>"; an exception ->
// FAILED(INFRA) with its text) -> the decision becomes a ProcessingCommit (DecisionCommit).
//
// Batching: up to pipeline.messages-per-transaction consecutive due messages are decided against
// one StoreFlightView (a later message sees the earlier ones' changes; kept for the next batch when
// this one was committed whole) and committed in one
// transaction (commitAll; commit for a batch of one), each with its own outcome. A batch ends
// early at a message that fails (the batch before it is committed, then its failure recorded; the
// messages after it are untouched) and after a RESP that answers a request (a later one must see it
// answered). Reference data a message changes is applied to the reference view as it is decided
// (StoreReferenceView::apply), so the next message sees it; the view is loaded again when such
// changes were not committed. A refused batch commit: the part before the refused message is
// committed; an identity held by another message makes it SKIPPED duplicate-of; a flight-version
// conflict makes the next step decide it again from the store, a second conflict in a row
// FAILED(INFRA) "concurrent change of flight <flid>"; a guard conflict (someone else moved the row)
// leaves it to the next step.
//
// Overlapped commits (docs/pipeline.md "Overlapped commits"): while a backlog lasts, the commit of a
// full batch runs on another thread while the step reads and decides the next batch on top of it
// (the view holds the first batch's changes; a flight the store is asked for meanwhile is one that
// batch did not change). The next batch writes nothing until that commit is known: when it did not
// apply whole, or the queue's head is no longer where the next batch starts, its decisions are
// dropped and the step ends after the commit's outcome was handled as above. A step runs up to 8
// batches that way (kMaxBatchesPerStep), and every commit it started is known before it returns.
// Only a full batch without requests or answers overlaps, and not while repeats arrive or a message
// is decided again.
//
// A failure: attempts + 1 and NEXT_ATTEMPT_AT from RetryPolicy; DEAD(EXHAUSTED) (lastError = the
// last error, back-fill dead) once max-attempts is reached or head-deadline has passed since the
// anchor PROCESSING_STARTED_AT (set the first time the message is processed; a replay clears it).
// The identity is bound before a failure is recorded, so a retry keeps it.
//
// A store failure (storage::InfraError) anywhere, also while a handler reads flights, is never
// recorded on a message: the step reports StoreUnavailable and the caller tries again later.
// Time comes only from the clock; HandlerContext.now is its now truncated to seconds.
// One thread calls step() (an overlapped commit runs on the pump's TaskThread, and touches nothing
// else of the pump); every processed message logs one line inside a TraceScope of its id.
class Pump {
public:
    // Throws codec::TimeZoneError when pipeline.business-time-zone cannot be loaded.
    Pump(storage::OwnStore& store, const plugin::PluginHost& plugins, const Clock& clock,
         PumpSettings settings);

    PumpStep step();

    // REF_MASTER was changed outside the pump (e.g. a reference refresh job): the next step loads
    // the reference data again. Callable from any thread.
    void referencesChanged() { referencesStale_ = true; }

    // Starts a run of the flight history sweep (FlightHistorySweep): the next steps run one batch of
    // it each before their messages, until it is done. Callable from any thread (the daily job at
    // archive.at, and when the pump's instance becomes the writer).
    void startFlightHistorySweep() { sweepRequested_ = true; }

    // Overlapped commits (above) are on unless turned off here; tests of one batch per step turn them
    // off.
    void setOverlapCommits(bool on) { overlapCommits_ = on; }

    // Registers a Decision's outbound request (origin "message <id>") once its message is
    // committed; RequestCoordinator::registerOutbound in the daemon. Without one they are logged.
    using OutboundRegistrar = std::function<void(const std::string& origin, const sdk::OutboundRequest&)>;
    void setOutboundRegistrar(OutboundRegistrar registrar) { outboundRegistrar_ = std::move(registrar); }

private:
    // A message decided in the current batch, waiting for its commit.
    struct Decided {
        storage::ProcessingRecord record;
        std::string key; // "" when it did not decode
        storage::ProcessingCommit commit;
        std::vector<sdk::OutboundRequest> outbound; // registered after the commit
    };
    // A message whose attempt failed: recorded FAILED, or DEAD(EXHAUSTED).
    struct Failure {
        storage::ProcessingRecord record;
        std::string key;
        std::optional<std::string> identityKey;
        ErrorClass errorClass = ErrorClass::Infra;
        std::string error;
    };
    using Verdict = std::variant<Decided, Failure>;
    // The commit of a full batch, running on another thread while the next batch is decided.
    struct InFlight {
        std::vector<Decided> batch;
        storage::Timestamp now{};
        std::chrono::steady_clock::time_point started;
        storage::QueueFront front; // the queue's front after its writes, read by the commit
        std::future<storage::WriteResult> written;
    };
    // The batch decided beside an in-flight commit must not be committed (see settleBeforeWriting).
    struct OverlapAbandoned {};
    // A message whose identity another message holds (docs/pipeline.md "Identity").
    enum class Repeat {
        Duplicate,      // the same document: SKIPPED duplicate-of
        ContentDiffers, // another document, pipeline.identity-conflict skip: SKIPPED duplicate-of
                        // content-differs
        ProcessAsNew, // another document, pipeline.identity-conflict process: processed without the identity
        Released,     // the holder ended longer ago than pipeline.identity-window: its identity is free now
    };

    // The head and the rows after it that are due (`next`: as read with the head, else read now).
    std::vector<storage::ProcessingRecord>
    batchFrom(const storage::ProcessingRecord& head,
              std::optional<std::vector<storage::ProcessingRecord>> next, storage::Timestamp now);
    void runBatch(const std::vector<storage::ProcessingRecord>& candidates, storage::Timestamp now,
                  PumpStep& result);
    // Decides the rows after the in-flight batch as the next batch, taken from `ahead` (rows read
    // beside earlier commits of the step; read again when it holds less than a batch); settles the
    // in-flight commit instead when there are none due.
    void runBesideCommit(std::vector<storage::ProcessingRecord>& ahead, PumpStep& result);
    // Whether `batch`'s commit may run while the next batch is decided.
    [[nodiscard]] bool canOverlap(const std::vector<Decided>& batch) const;
    // Starts the commit of `batch` on another thread (InFlight); the view is taken to hold the store's
    // state after it.
    void startCommit(std::vector<Decided> batch, storage::Timestamp now);
    // Waits for the in-flight commit, if any, and concludes it as commitBatch does: true when it
    // applied whole. Otherwise the view is reset and the refusal handled. Throws storage::InfraError
    // when the store failed (the view reset).
    bool settle(PumpStep& result);
    // Before the batch being decided writes anything: settles the in-flight commit and throws
    // OverlapAbandoned when that batch's decisions no longer hold.
    void settleBeforeWriting(PumpStep& result);
    // After an exception in a step: the in-flight commit concluded as far as the store lets it.
    void settleAfterFailure(PumpStep& result) noexcept;
    // What a whole commit of `batch` is followed by: each message's log line, its outbound requests
    // registered.
    void concludeApplied(const std::vector<Decided>& batch, PumpStep& result);
    // One batch of the flight history sweep when a run is requested or in progress (see
    // startFlightHistorySweep); the flight view forgets what it held when flights moved.
    void runHistorySweep(PumpStep& result);
    // The ProcessingCommits of `batch`, in order.
    static std::vector<storage::ProcessingCommit> commitsOf(const std::vector<Decided>& batch);
    // The views after decisions that were not committed (a failure, a refused commit, a dropped
    // batch): the flights are read again, and the reference data when it holds changes of them.
    void forgetUncommitted();
    // The candidates' documents decoded once for the batch (for the prefetch, the repeats'
    // identities and decide()); nullopt for one over limits.max-document-size, never decoded.
    [[nodiscard]] std::vector<std::optional<codec::DecodeResult>>
    decodeAll(const std::vector<storage::ProcessingRecord>& candidates) const;
    // Reads the flights the batch's messages name, and their shared and linked flights, in one
    // transaction before the handlers run (StoreFlightView::prefetch).
    void prefetchNamedFlights(const std::vector<std::optional<codec::DecodeResult>>& documents);
    // What a RESP is before its handler runs (ResponseMatcher): late (SKIPPED late-resp:<reason>),
    // the answer to an open request, or neither; `note` joins an applied decision's note.
    struct ResponseGuard {
        std::optional<std::string> lateReason;
        std::optional<storage::RequestId> answers;
        std::optional<std::string> note;
    };

    // `document`: the record's decoded document (decodeAll), consumed. The steps, in order: a
    // document over the size limit or malformed; a META value too long to store or an ignored key;
    // an identity too long or held by another message of the batch; a class only the admin API
    // writes; a late RESP; then the handler.
    Verdict decide(const storage::ProcessingRecord& record, std::optional<codec::DecodeResult> document,
                   const sdk::ReferenceView& references,
                   const std::map<std::string, storage::MailboxId>& batchIdentities, storage::Timestamp now);
    [[nodiscard]] std::optional<Verdict> unreadable(const storage::ProcessingRecord& record,
                                                    const std::optional<codec::DecodeResult>& document,
                                                    storage::Timestamp now) const;
    [[nodiscard]] std::optional<Verdict> notRouted(const storage::ProcessingRecord& record,
                                                   const codec::Message& message, const std::string& key,
                                                   storage::Timestamp now) const;
    // Whether `message` is a RESP that answers an open request of ours (one store read).
    [[nodiscard]] bool answersOpenRequest(const storage::ProcessingRecord& record,
                                          const codec::Message& message) const;
    // A repeat that needs no handler (a duplicate); resets `identityKey` when the repeat is processed
    // without it (pipeline.identity-conflict process).
    std::optional<Verdict> settledByIdentity(const storage::ProcessingRecord& record, const std::string& key,
                                             std::optional<std::string>& identityKey,
                                             const std::map<std::string, storage::MailboxId>& batchIdentities,
                                             storage::Timestamp now);
    // Whether the message's TYPE is a class only the admin-API refresh writes (refresh.precedence).
    [[nodiscard]] bool onlyRefreshed(const codec::Message& message, const std::string& key) const;
    [[nodiscard]] ResponseGuard guardResponse(const storage::ProcessingRecord& record,
                                              const codec::Message& message) const;
    Verdict runHandler(const storage::ProcessingRecord& record, const codec::Message& message,
                       const std::string& key, const std::optional<std::string>& identityKey,
                       const sdk::ReferenceView& references, const ResponseGuard& guard,
                       storage::Timestamp now);
    // `readFront`: a batch of several read the queue's front for the next step with its commit.
    bool commitBatch(const std::vector<Decided>& batch, storage::Timestamp now, PumpStep& result,
                     bool readFront = false);
    [[nodiscard]] std::optional<std::string> identityOf(const storage::ProcessingRecord& record,
                                                        const codec::Meta& meta) const;
    // The messages in the store that hold the identities of `candidates` (one read for the batch),
    // asked while repeats arrive (repeatsArriving_).
    std::map<std::string, storage::MailboxId>
    heldIdentities(const std::vector<storage::ProcessingRecord>& candidates,
                   const std::vector<std::optional<codec::DecodeResult>>& documents) const;
    Repeat classifyRepeat(const storage::ProcessingRecord& record, const std::string& key,
                          storage::MailboxId holder, const std::string& identity, storage::Timestamp now);
    [[nodiscard]] storage::ProcessingCommit repeatCommit(const storage::ProcessingRecord& record,
                                                         storage::MailboxId holder, Repeat repeat,
                                                         storage::Timestamp now) const;
    static bool refusedForItsData(const storage::InfraError& error);
    bool commitRefusedData(const std::vector<Decided>& batch, const storage::InfraError& error,
                           storage::Timestamp now, PumpStep& result);
    void handleRefusal(const std::vector<Decided>& batch, const storage::WriteResult& refusal,
                       storage::Timestamp now, PumpStep& result);
    void recordFailure(const Failure& failure, storage::Timestamp now, PumpStep& result);
    void commitOne(const storage::ProcessingCommit& commit, const std::string& key, PumpStep& result);
    void registerOutbound(const Decided& decided);
    std::optional<storage::FlightId> conflictingFlight(const storage::ProcessingCommit& commit);

    storage::OwnStore& store_;
    const plugin::PluginHost& plugins_;
    const Clock& clock_;
    const PumpSettings settings_;
    pipeline::IgnoreRules ignoreRules_;
    codec::TimeZone businessZone_;
    RetryPolicy retryPolicy_;
    DecisionCommit commits_;
    StoreFlightView flights_;
    StoreReferenceView references_;
    // The message whose commit met a flight-version conflict and is being decided once more.
    std::optional<storage::MailboxId> redeciding_;
    std::atomic<bool> referencesStale_{false};
    FlightHistorySweep sweep_;
    std::atomic<bool> sweepRequested_{false};
    OutboundRegistrar outboundRegistrar_;
    // True when flights_ holds exactly the store's state (the last batch was committed whole), or
    // will once the in-flight commit applied.
    bool flightsInSync_ = false;
    bool overlapCommits_ = true;
    std::unique_ptr<InFlight> inFlight_;
    // After inFlight_: destroyed (joined) first, so a commit still running never outlives its
    // InFlight.
    concurrency::TaskThread committer_; // the overlapped commits, one at a time
    // The first message of the batch decided beside inFlight_.
    std::optional<storage::MailboxId> besideHead_;
    // The last message whose reference changes the reference view holds without knowing them
    // committed (StoreReferenceView::apply); nullopt when it holds only what the store has.
    std::optional<storage::MailboxId> referencesAheadUpTo_;
    // The queue's front as the last batch's commit left it (commitAllAndReadFront), and when that
    // was: the next step starts from it instead of reading head and batch again, unless it is older
    // than one poll interval. Rows that changed meanwhile are caught by the commit's guards.
    std::optional<storage::QueueFront> front_;
    storage::Timestamp frontReadAt_{};
    // A batch's commit was refused because a message repeated an identity held in the store, or the
    // last batch's read found such repeats: the next batch reads its identities' holders before
    // deciding, so that repeats are SKIPPED without running their handler, without a refused commit
    // and without losing the flight view. An upstream that sends a day again is a stream of repeats;
    // found only by the commit, each cost a commit alone and a cold view (~50 msgs/s). Off again
    // after a batch without one, so that ordinary traffic pays nothing for it.
    bool repeatsArriving_ = false;
    // The keys without a plugin already reported at WARN since the start (one line per new key), at
    // most settings_.unknownKeysWarned of them: upstream decides how many keys arrive.
    std::set<std::string, std::less<>> warnedUnknownKeys_;
    bool unknownKeysLimitWarned_ = false;
};

} // namespace msgx::pipeline
