#include "msgx/pipeline/pump/Pump.h"

#include "msgx/codec/Ascii.h"
#include "msgx/config/Config.h"
#include "msgx/config/ValueFormats.h"
#include "msgx/decoder/MessageDecoder.h"
#include "msgx/log/Log.h"
#include "msgx/log/TraceScope.h"
#include "msgx/metrics/Metrics.h"
#include "msgx/pipeline/requests/ResponseMatcher.h"
#include "msgx/pipeline/routing/MessageRouting.h"
#include "msgx/pipeline/routing/MessageSentAt.h"
#include "msgx/pipeline/routing/NamedFlights.h"
#include "msgx/sdk/UtcTime.h"
#include "msgx/storage/ColumnLimits.h"

#include <algorithm>
#include <chrono>
#include <future>
#include <limits>
#include <utility>

namespace msgx::pipeline {
namespace {

std::string shownKey(const std::string& key) {
    return key.empty() ? "(undecoded)" : key;
}

metrics::Outcome metricOutcome(const storage::ProcessingOutcome& outcome) {
    switch (outcome.state) {
    case storage::ProcessingState::Dead:
        return metrics::Outcome::Dead;
    case storage::ProcessingState::Skipped:
        return outcome.note && outcome.note->rfind("duplicate-of:", 0) == 0 ? metrics::Outcome::Duplicate
                                                                            : metrics::Outcome::Skipped;
    default:
        return metrics::Outcome::Succeeded;
    }
}

// The message TYPE of a routing key ("FLOP" of "FLOP-GTDT"): the handler histogram's label.
std::string typeOf(const std::string& key) {
    return key.substr(0, key.find('-'));
}

// The one line every message that ends logs: id, key, outcome, class and note; and its count, and
// that of the flights its commit brought back from the history.
void logTerminal(const storage::ProcessingCommit& commit, const std::string& key) {
    const log::TraceScope trace(std::to_string(commit.mailboxId));
    const auto& outcome = commit.outcome;
    metrics::Metrics::process().messageProcessed(key, metricOutcome(outcome));
    const auto revived = std::count_if(commit.flights.begin(), commit.flights.end(),
                                       [](const storage::FlightWrite& write) { return write.revives; });
    if (revived > 0) {
        metrics::Metrics::process().flightsRevived(revived);
    }
    log::info("message {} {}: {}{}{}{}", commit.mailboxId, shownKey(key), storage::stateName(outcome.state),
              outcome.errorClass ? "(" + std::string(errorClassName(*outcome.errorClass)) + ")" : "",
              outcome.note ? " " + *outcome.note : "", outcome.lastError ? ": " + *outcome.lastError : "");
}

// Flights the view keeps between batches (packed, ~0.4 KB each); beyond it the least used quarter
// is forgotten. Above a large airport's 20,000 live flights: a flight the view no longer holds is
// read again from the store, one at a time, by the handler that asks for it (a cold view runs the
// FLOP mix at ~50 msgs/s, docs/performance.md "Flat cost as the store grows").
constexpr std::size_t kMaxKeptFlights = 40000;

// Batches one step runs with overlapped commits (Pump.h): long enough that deciding hides most
// commits (~10 ms each for 50 messages, docs/performance.md), short enough that the runtime wakes
// the delivery and lets a reference refresh in between.
constexpr int kMaxBatchesPerStep = 8;
// Batches' rows read at once beside a commit.
constexpr int kBatchesReadAhead = 4;

// A META value longer than the own-store column it is written to (storage/ColumnLimits.h): the
// message's own fault, DEAD(MALFORMED), instead of a commit the database refuses on every retry.
std::optional<std::string> storedSizeProblem(const codec::Meta& meta) {
    const auto tooLong = [](const char* field, const std::string& value, std::size_t limit,
                            const char* column) -> std::optional<std::string> {
        if (value.size() <= limit) {
            return std::nullopt;
        }
        return std::string("META ") + field + " is " + std::to_string(value.size()) +
               " bytes, more than the " + std::to_string(limit) + " the store keeps (" + column + ")";
    };
    if (auto problem = tooLong("TYPE", meta.type, storage::kMessageTypeMaxBytes, "TYPE")) {
        return problem;
    }
    return tooLong("STYP", meta.subtype, storage::kMessageStypMaxBytes, "STYP");
}

// The classes AODB messages may not write (refresh.precedence admin-api): every RTYPE the admin-API
// refresh publishes.
std::set<std::string, std::less<>> typesOnlyRefreshed(const config::RefreshConfig& refresh) {
    std::set<std::string, std::less<>> types;
    if (refresh.precedence == config::RefreshPrecedence::AdminApi) {
        for (const auto& [name, refreshed] : refresh.classes) {
            types.insert(refreshed.rtype);
        }
    }
    return types;
}

} // namespace

PumpSettings PumpSettings::of(const config::Config& config) {
    PumpSettings settings;
    settings.pipeline = config.pipeline;
    settings.commit = CommitSettings{config.mailbox.statusMap, config.shadow};
    settings.maxDocumentSize = config.limits.maxDocumentSize;
    settings.matchSeqnEcho = config.requests.matchSeqnEcho;
    settings.unknownKeysWarned = config.limits.unknownKeyLabels;
    settings.refreshedTypes = typesOnlyRefreshed(config.refresh);
    settings.history = FlightHistorySettings::of(config);
    return settings;
}

Pump::Pump(storage::OwnStore& store, const plugin::PluginHost& plugins, const Clock& clock,
           PumpSettings settings)
    : store_(store), plugins_(plugins), clock_(clock), settings_(std::move(settings)),
      ignoreRules_(settings_.pipeline.ignore),
      businessZone_(codec::TimeZone::load(settings_.pipeline.businessTimeZone)),
      retryPolicy_(settings_.pipeline), commits_(settings_.commit),
      flights_(store.flights(),
               StoreFlightView::HistoryWindow{&clock, settings_.history.flights.reviveWithin}),
      references_(store.references()), sweep_(store, clock, settings_.history) {}

PumpStep Pump::step() {
    const storage::Timestamp now = clock_.now();
    PumpStep result;
    try {
        runHistorySweep(result);
        std::optional<storage::ProcessingRecord> head;
        std::optional<std::vector<storage::ProcessingRecord>> next;
        if (front_ && now <= frontReadAt_ + settings_.pipeline.pollInterval) {
            head = std::move(front_->head);
            next = std::move(front_->next);
        } else {
            head = store_.processing().head();
        }
        front_.reset();
        if (!head) {
            return result;
        }
        if (head->nextAttemptAt && *head->nextAttemptAt > now) {
            result.kind = PumpStep::Kind::HeadWaiting;
            result.nextAt = sweep_.running() ? now : *head->nextAttemptAt;
            return result;
        }
        result.kind = PumpStep::Kind::Progress;
        runBatch(batchFrom(*head, std::move(next), now), now, result);
        std::vector<storage::ProcessingRecord> ahead; // read beside the commits, for the batches after
        for (int batches = 1; inFlight_; ++batches) {
            if (batches >= kMaxBatchesPerStep) {
                settle(result);
                break;
            }
            runBesideCommit(ahead, result);
        }
        return result;
    } catch (const OverlapAbandoned&) {
        return result; // the commit before it was handled; the next step starts from the store
    } catch (const storage::InfraError& e) {
        settleAfterFailure(result);
        front_.reset();
        forgetUncommitted();
        references_.invalidate();
        if (e.inDoubt()) {
            // COMMIT was sent and not answered: the batch may be committed, now or when the server
            // answers. Nothing is assumed; the next step starts from what the store holds, and a
            // commit decided again is refused by its guard if the first one landed meanwhile.
            log::warn("pump: the outcome of a commit is unknown; the next step re-reads what committed: {}",
                      e.what());
        } else {
            log::debug("pump: the own store failed, nothing recorded: {}", e.what());
        }
        PumpStep unavailable;
        unavailable.kind = PumpStep::Kind::StoreUnavailable;
        unavailable.finished = result.finished;
        unavailable.failed = result.failed;
        unavailable.movedToHistory = result.movedToHistory;
        unavailable.problem = e.what();
        return unavailable;
    } catch (...) {
        settleAfterFailure(result);
        throw;
    }
}

void Pump::runHistorySweep(PumpStep& result) {
    if (sweepRequested_.exchange(false)) {
        sweep_.start();
    }
    if (!sweep_.running()) {
        return;
    }
    const SweepBatch batch = sweep_.runBatch();
    if (batch.moved > 0) {
        forgetUncommitted(); // the flights it held may have moved
    }
    result.movedToHistory = batch.moved;
    if (!batch.finished) {
        result.kind = PumpStep::Kind::Progress; // the next batch of the run at once
    }
}

void Pump::runBesideCommit(std::vector<storage::ProcessingRecord>& ahead, PumpStep& result) {
    const storage::Timestamp now = clock_.now();
    const int limit = settings_.pipeline.messagesPerTransaction;
    const storage::MailboxId after = inFlight_->batch.back().record.mailboxId;
    std::erase_if(ahead, [after](const storage::ProcessingRecord& row) { return row.mailboxId <= after; });
    if (static_cast<int>(ahead.size()) < limit) {
        // The rows of the next few batches in one read (a read per batch was a tenth of the pump's
        // time); a row that changed meanwhile is caught by the commit's guard.
        ahead = store_.processing().nextUnfinished(after, kBatchesReadAhead * limit);
    }
    if (ahead.empty() || (ahead.front().nextAttemptAt && *ahead.front().nextAttemptAt > now)) {
        settle(result); // nothing due behind it: the next step starts from the front it read
        return;
    }
    const auto end =
        ahead.begin() + std::min<std::ptrdiff_t>(limit, static_cast<std::ptrdiff_t>(ahead.size()));
    std::vector<storage::ProcessingRecord> next(ahead.begin() + 1, end);
    besideHead_ = ahead.front().mailboxId;
    runBatch(batchFrom(ahead.front(), std::move(next), now), now, result);
    besideHead_.reset();
}

bool Pump::canOverlap(const std::vector<Decided>& batch) const {
    if (!overlapCommits_ || static_cast<int>(batch.size()) < settings_.pipeline.messagesPerTransaction ||
        batch.size() < 2 || repeatsArriving_ || redeciding_) {
        return false;
    }
    // The next batch must see a request answered or registered (the reference data they change is
    // in the view already).
    return std::none_of(batch.begin(), batch.end(), [](const Decided& decided) {
        return decided.commit.answersRequest || !decided.outbound.empty();
    });
}

void Pump::startCommit(std::vector<Decided> batch, storage::Timestamp now) {
    auto flight = std::make_unique<InFlight>();
    std::vector<storage::ProcessingCommit> commits = commitsOf(batch);
    flight->batch = std::move(batch);
    flight->now = now;
    flight->started = std::chrono::steady_clock::now();
    storage::ProcessingQueue& queue = store_.processing();
    storage::QueueFront* front = &flight->front; // InFlight outlives the task (see committer_)
    const int limit = settings_.pipeline.messagesPerTransaction - 1;
    flight->written = committer_.run([&queue, commits = std::move(commits), limit, front] {
        return queue.commitAllAndReadFront(commits, limit, *front);
    });
    inFlight_ = std::move(flight);
    flightsInSync_ = true; // once it applies; settle() resets the view otherwise
}

bool Pump::settle(PumpStep& result) {
    if (!inFlight_) {
        return true;
    }
    const std::unique_ptr<InFlight> done = std::move(inFlight_);
    storage::WriteResult written;
    try {
        written = done->written.get();
        metrics::Metrics::process().commitDuration(std::chrono::steady_clock::now() - done->started);
    } catch (const storage::InfraError& e) {
        forgetUncommitted();
        front_.reset();
        if (!refusedForItsData(e)) {
            throw; // the store is unavailable: nothing is recorded on any message
        }
        commitRefusedData(done->batch, e, done->now, result);
        return false;
    } catch (...) {
        forgetUncommitted();
        front_.reset();
        throw;
    }
    if (!written.applied) {
        forgetUncommitted();
        front_.reset();
        handleRefusal(done->batch, written, done->now, result);
        return false;
    }
    concludeApplied(done->batch, result);
    front_ = std::move(done->front);
    frontReadAt_ = clock_.now();
    return true;
}

void Pump::settleBeforeWriting(PumpStep& result) {
    if (!inFlight_) {
        return;
    }
    const bool applied = settle(result);
    if (!applied || !front_ || !front_->head || front_->head->mailboxId != besideHead_) {
        // Decided on top of changes that were not committed, or a row before this batch became
        // unfinished meanwhile (a replay): nothing of it is written, the next step decides again.
        log::debug("pump: the batch from {} decided beside a commit is dropped ({})", besideHead_.value_or(0),
                   !applied                 ? "that commit did not apply"
                   : front_ && front_->head ? "the queue's head is " + std::to_string(front_->head->mailboxId)
                                            : "no head");
        forgetUncommitted();
        throw OverlapAbandoned{};
    }
    front_.reset(); // read before this batch's writes: stale once it commits
}

void Pump::settleAfterFailure(PumpStep& result) noexcept {
    if (!inFlight_) {
        return;
    }
    try {
        settle(result);
    } catch (const std::exception& e) {
        log::debug("pump: concluding the commit in flight failed: {}", e.what());
    } catch (...) {
        log::debug("pump: concluding the commit in flight failed");
    }
    front_.reset();
    forgetUncommitted();
}

std::vector<storage::ProcessingRecord>
Pump::batchFrom(const storage::ProcessingRecord& head,
                std::optional<std::vector<storage::ProcessingRecord>> next, storage::Timestamp now) {
    std::vector<storage::ProcessingRecord> batch{head};
    const int limit = settings_.pipeline.messagesPerTransaction - 1;
    if (limit <= 0) {
        return batch;
    }
    if (!next) {
        next = store_.processing().nextUnfinished(head.mailboxId, limit);
    }
    for (auto& record : *next) {
        if (static_cast<int>(batch.size()) > limit) {
            break;
        }
        if (record.nextAttemptAt && *record.nextAttemptAt > now) {
            break; // it waits for its backoff, and nothing passes it
        }
        batch.push_back(std::move(record));
    }
    return batch;
}

void Pump::runBatch(const std::vector<storage::ProcessingRecord>& candidates, storage::Timestamp now,
                    PumpStep& result) {
    if (!flightsInSync_) {
        forgetUncommitted();
    }
    // What the last batch read or changed, kept packed between batches; the least used flights
    // forgotten beyond kMaxKeptFlights.
    // Beside an in-flight commit nothing is forgotten: the flights it changes stay in the view.
    flights_.pack(inFlight_ ? std::numeric_limits<std::size_t>::max() : kMaxKeptFlights);
    flightsInSync_ = false; // until this batch is committed whole
    // REF_MASTER changed outside the pump (before this step: it holds the refresh's lock). Beside a
    // commit the view holds that commit's reference changes, which the store does not have yet: the
    // next batch without one loads it again.
    if (!inFlight_ && referencesStale_.exchange(false)) {
        references_.invalidate();
    }
    const sdk::ReferenceView& references = references_.current();
    std::vector<std::optional<codec::DecodeResult>> documents = decodeAll(candidates);
    prefetchNamedFlights(documents);
    std::vector<Decided> batch;
    // Who holds an identity: the store's holders (while repeats arrive), then this batch's messages.
    std::map<std::string, storage::MailboxId> identities;
    if (repeatsArriving_) {
        identities = heldIdentities(candidates, documents);
        repeatsArriving_ = !identities.empty();
    }
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const storage::ProcessingRecord& record = candidates[i];
        const std::uint64_t changesBefore = flights_.changesApplied();
        Verdict verdict = decide(record, std::move(documents[i]), references, identities, now);
        if (auto* failure = std::get_if<Failure>(&verdict)) {
            // A failure before any change reached the view (no handler, a handler's Fail, a
            // document over the size limit) leaves it equal to the store once the batch before it
            // is committed: hot flights are not read again after every unsupported message.
            const bool viewUntouched = flights_.changesApplied() == changesBefore;
            settleBeforeWriting(result);
            if (commitBatch(batch, now, result)) {
                recordFailure(*failure, now, result);
                flightsInSync_ = viewUntouched;
            }
            return;
        }
        Decided& decided = std::get<Decided>(verdict);
        if (decided.commit.identityKey) {
            // Over a store holder whose identity was released for this message (Repeat::Released).
            identities.insert_or_assign(*decided.commit.identityKey, record.mailboxId);
        } else if (record.identityKey) {
            identities.emplace(*record.identityKey, record.mailboxId);
        }
        // The next message sees the new reference data in the view (applied as decided); a later
        // RESP must see the request this one completes.
        if (!decided.commit.references.empty()) {
            references_.apply(decided.commit.references);
            referencesAheadUpTo_ = record.mailboxId;
        }
        const bool endsBatch = decided.commit.answersRequest.has_value();
        batch.push_back(std::move(decided));
        if (endsBatch) {
            break;
        }
    }
    settleBeforeWriting(result);
    if (canOverlap(batch)) {
        startCommit(std::move(batch), now);
        return;
    }
    flightsInSync_ = commitBatch(batch, now, result, true);
}

std::vector<std::optional<codec::DecodeResult>>
Pump::decodeAll(const std::vector<storage::ProcessingRecord>& candidates) const {
    codec::XmlLimits limits;
    limits.maxBytes = static_cast<std::size_t>(settings_.maxDocumentSize);
    std::vector<std::optional<codec::DecodeResult>> documents;
    documents.reserve(candidates.size());
    for (const auto& record : candidates) {
        if (record.rawXml.size() > limits.maxBytes) {
            documents.emplace_back(); // decide() fails it without decoding
        } else {
            documents.emplace_back(codec::decodeMessage(record.rawXml, limits));
        }
    }
    return documents;
}

void Pump::prefetchNamedFlights(const std::vector<std::optional<codec::DecodeResult>>& documents) {
    std::vector<sdk::Flid> named;
    for (const auto& document : documents) {
        if (document && document->ok()) {
            const auto flids = flightIdsNamedIn(document->message());
            named.insert(named.end(), flids.begin(), flids.end());
        }
    }
    flights_.prefetch(named);
}

std::optional<Pump::Verdict> Pump::unreadable(const storage::ProcessingRecord& record,
                                              const std::optional<codec::DecodeResult>& document,
                                              storage::Timestamp now) const {
    if (!document) {
        // Over a limit the site chose, not proof of a broken document: FAILED(CODEC_ERROR), retried
        // and then DEAD(EXHAUSTED), which a replay recovers once the limit is raised (MALFORMED is
        // never replayed).
        return Failure{record, "", std::nullopt, ErrorClass::CodecError,
                       "the document is " + std::to_string(record.rawXml.size()) +
                           " bytes, more than limits.max-document-size " +
                           config::formatSize(settings_.maxDocumentSize) +
                           "; raise the limit, restart and replay the message"};
    }
    if (!document->ok()) {
        return Decided{
            record,
            "",
            commits_.dead(record, ErrorClass::Malformed, document->failure().reason, std::nullopt, now),
            {}};
    }
    return std::nullopt;
}

std::optional<Pump::Verdict> Pump::notRouted(const storage::ProcessingRecord& record,
                                             const codec::Message& message, const std::string& key,
                                             storage::Timestamp now) const {
    if (auto problem = storedSizeProblem(message.meta())) {
        return Decided{
            record, "", commits_.dead(record, ErrorClass::Malformed, *problem, std::nullopt, now), {}};
    }
    if (const auto rule = ignoreRules_.match(key); rule && !answersOpenRequest(record, message)) {
        return Decided{record, key, commits_.ignored(record, *rule, now), {}};
    }
    return std::nullopt;
}

// A RESP is what one of our requests asked for: an ignore rule of its TYPE (the default REGN-*)
// must not make our own RQRD-REGN expire unanswered. Only a RESP that matches an open request
// escapes the rule; the RESP guard checks it again before the handler.
bool Pump::answersOpenRequest(const storage::ProcessingRecord& record, const codec::Message& message) const {
    if (!isResponse(message) || settings_.commit.shadow) {
        return false;
    }
    return matchResponse(store_.requests(), message, record.receivedAt.value_or(record.enqueuedAt),
                         businessZone_, settings_.matchSeqnEcho)
               .kind == ResponseMatch::Kind::Matched;
}

std::optional<Pump::Verdict> Pump::settledByIdentity(
    const storage::ProcessingRecord& record, const std::string& key, std::optional<std::string>& identityKey,
    const std::map<std::string, storage::MailboxId>& batchIdentities, storage::Timestamp now) {
    if (!identityKey) {
        return std::nullopt;
    }
    if (identityKey->size() > storage::kIdentityKeyMaxBytes) {
        return Decided{record,
                       key,
                       commits_.dead(record, ErrorClass::Malformed,
                                     "the identity SNDR|TYPE|STYP|SEQN is " +
                                         std::to_string(identityKey->size()) + " bytes, more than the " +
                                         std::to_string(storage::kIdentityKeyMaxBytes) +
                                         " the store keeps (IDENTITY_KEY)",
                                     std::nullopt, now),
                       {}};
    }
    if (const auto held = batchIdentities.find(*identityKey);
        held != batchIdentities.end() && held->second != record.mailboxId) {
        const Repeat repeat = classifyRepeat(record, key, held->second, *identityKey, now);
        if (repeat == Repeat::Duplicate || repeat == Repeat::ContentDiffers) {
            return Decided{record, key, repeatCommit(record, held->second, repeat, now), {}};
        }
        if (repeat == Repeat::ProcessAsNew) {
            identityKey.reset();
        } // Released (a store holder outside the window): this message binds the identity
    }
    return std::nullopt;
}

bool Pump::onlyRefreshed(const codec::Message& message, const std::string& key) const {
    // The key is "TYPE-STYP" upper-cased (codec::routingKey): its head is the upper-case TYPE.
    return settings_.refreshedTypes.count(std::string_view(key).substr(0, message.meta().type.size())) != 0;
}

Pump::ResponseGuard Pump::guardResponse(const storage::ProcessingRecord& record,
                                        const codec::Message& message) const {
    ResponseGuard guard;
    if (!isResponse(message)) {
        return guard;
    }
    if (settings_.commit.shadow) {
        guard.note = "shadow-unmatched";
        return guard;
    }
    const ResponseMatch match =
        matchResponse(store_.requests(), message, record.receivedAt.value_or(record.enqueuedAt),
                      businessZone_, settings_.matchSeqnEcho);
    if (match.kind == ResponseMatch::Kind::Late) {
        guard.lateReason = match.reason;
    } else if (match.kind == ResponseMatch::Kind::Matched) {
        guard.answers = match.request;
        guard.note = "answers request " + std::to_string(*match.request) + " (" + match.reason + ")";
    }
    return guard;
}

Pump::Verdict Pump::runHandler(const storage::ProcessingRecord& record, const codec::Message& message,
                               const std::string& key, const std::optional<std::string>& identityKey,
                               const sdk::ReferenceView& references, const ResponseGuard& guard,
                               storage::Timestamp now) {
    const std::optional<plugin::HandlerLease> lease = plugins_.acquire(key);
    if (!lease) {
        return Failure{record, key, identityKey, ErrorClass::Unsupported, "no handler serves " + key};
    }
    const sdk::HandlerContext context{std::chrono::floor<std::chrono::seconds>(now), businessZone_,
                                      references};
    const auto decideStart = std::chrono::steady_clock::now();
    const sdk::Decision decision = pipeline::invokeHandler(*lease, context, flights_, message);
    metrics::Metrics::process().handlerDuration(typeOf(key), std::chrono::steady_clock::now() - decideStart);
    flights_.throwStoreFailure(); // the store failed under the handler: not the message's failure
    if (decision.outcome == sdk::Decision::Outcome::Fail) {
        return Failure{record, key, identityKey, decision.errorClass.value_or(ErrorClass::Infra),
                       decision.reason};
    }
    try {
        Decided decided{record,
                        key,
                        commits_.ofDecision(record, identityKey, decision, flights_, now,
                                            messageSentAt(message, businessZone_)),
                        {}};
        if (auto problem = DecisionCommit::valueTooLong(decided.commit)) {
            return Failure{record, key, identityKey, ErrorClass::CodecError, std::move(*problem)};
        }
        if (decision.outcome == sdk::Decision::Outcome::Apply) {
            decided.commit.answersRequest = guard.answers;
            decided.outbound = decision.outbound;
            if (guard.note) {
                auto& note = decided.commit.outcome.note;
                note = note ? *note + "; " + *guard.note : *guard.note;
            }
        }
        return decided;
    } catch (const DecisionNotApplicable& e) {
        return Failure{record, key, identityKey, ErrorClass::Infra, e.what()};
    }
}

Pump::Verdict Pump::decide(const storage::ProcessingRecord& record,
                           std::optional<codec::DecodeResult> document, const sdk::ReferenceView& references,
                           const std::map<std::string, storage::MailboxId>& batchIdentities,
                           storage::Timestamp now) {
    const log::TraceScope trace(std::to_string(record.mailboxId));
    if (auto verdict = unreadable(record, document, now)) {
        return *verdict;
    }
    const codec::Message message = document->takeMessage();
    const std::string key = message.key();
    if (auto verdict = notRouted(record, message, key, now)) {
        return *verdict;
    }
    std::optional<std::string> identityKey =
        record.identityKey ? record.identityKey : identityOf(record, message.meta());
    if (auto verdict = settledByIdentity(record, key, identityKey, batchIdentities, now)) {
        return *verdict;
    }
    // Precedence (US-13.3): a class the admin API refreshes is written only by the refresh, whatever
    // the STYP; the message changes nothing and is back-filled like any SKIPPED.
    if (onlyRefreshed(message, key)) {
        return Decided{record,
                       key,
                       commits_.ofDecision(record, identityKey,
                                           sdk::Decision::skip("ignored:refreshed-from-admin-api"), flights_,
                                           now),
                       {}};
    }
    // The RESP guard, before the handler (architecture.md §11): only a RESP that answers one of our
    // requests is applied; in shadow mode (no requests of its own) every RESP applies like a DNLD.
    const ResponseGuard guard = guardResponse(record, message);
    if (guard.lateReason) {
        return Decided{record,
                       key,
                       commits_.ofDecision(record, identityKey,
                                           sdk::Decision::skip("late-resp:" + *guard.lateReason), flights_,
                                           now),
                       {}};
    }
    return runHandler(record, message, key, identityKey, references, guard, now);
}

bool Pump::commitBatch(const std::vector<Decided>& batch, storage::Timestamp now, PumpStep& result,
                       bool readFront) {
    if (batch.empty()) {
        return true;
    }
    auto& queue = store_.processing();
    storage::WriteResult written;
    try {
        const auto commitStart = std::chrono::steady_clock::now();
        if (batch.size() == 1) {
            written = queue.commit(batch.front().commit);
        } else {
            const std::vector<storage::ProcessingCommit> commits = commitsOf(batch);
            if (readFront) {
                storage::QueueFront front;
                written = queue.commitAllAndReadFront(commits, settings_.pipeline.messagesPerTransaction - 1,
                                                      front);
                if (written.applied) {
                    front_ = std::move(front);
                    frontReadAt_ = clock_.now();
                }
            } else {
                written = queue.commitAll(commits);
            }
        }
        metrics::Metrics::process().commitDuration(std::chrono::steady_clock::now() - commitStart);
    } catch (const storage::InfraError& e) {
        if (!refusedForItsData(e)) {
            throw; // the store is unavailable: nothing is recorded on any message
        }
        return commitRefusedData(batch, e, now, result);
    }
    if (!written.applied) {
        handleRefusal(batch, written, now, result);
        return false;
    }
    concludeApplied(batch, result);
    return true;
}

void Pump::concludeApplied(const std::vector<Decided>& batch, PumpStep& result) {
    for (const auto& decided : batch) {
        ++result.finished;
        logTerminal(decided.commit, decided.key);
        registerOutbound(decided);
        if (redeciding_ == decided.record.mailboxId) {
            redeciding_.reset();
        }
    }
    if (referencesAheadUpTo_ && batch.back().record.mailboxId >= *referencesAheadUpTo_) {
        referencesAheadUpTo_.reset(); // the reference changes the view holds are all in the store
    }
}

std::vector<storage::ProcessingCommit> Pump::commitsOf(const std::vector<Decided>& batch) {
    std::vector<storage::ProcessingCommit> commits;
    commits.reserve(batch.size());
    for (const auto& decided : batch) {
        commits.push_back(decided.commit);
    }
    return commits;
}

void Pump::forgetUncommitted() {
    flights_.reset();
    flightsInSync_ = false;
    if (referencesAheadUpTo_) {
        references_.invalidate();
        referencesAheadUpTo_.reset();
    }
}

// The database refused a value of the commit itself (too long for its column, or another SQLSTATE
// class 22 data exception): retrying the same decision can never succeed, so it must become the
// message's failure instead of stopping the pipeline as "store unavailable" forever.
bool Pump::refusedForItsData(const storage::InfraError& error) {
    if (error.inDoubt()) {
        return false; // not a refusal: the commit may have landed
    }
    return error.reason() == storage::InfraError::Reason::ValueTooLong ||
           (error.sqlState() && error.sqlState()->rfind("22", 0) == 0);
}

// A batch whose commit the database refused for a value: each message is committed on its own, in
// order, so the others go through; the one whose changes are refused is recorded FAILED(INFRA) with
// the database's text (retried with backoff, DEAD(EXHAUSTED) in the end) and ends the step.
bool Pump::commitRefusedData(const std::vector<Decided>& batch, const storage::InfraError& error,
                             storage::Timestamp now, PumpStep& result) {
    if (batch.size() > 1) {
        for (const auto& decided : batch) {
            if (!commitBatch({decided}, now, result)) {
                return false;
            }
        }
        return true;
    }
    const Decided& only = batch.front();
    const log::TraceScope trace(std::to_string(only.record.mailboxId));
    recordFailure(Failure{only.record, only.key, only.commit.identityKey, ErrorClass::Infra,
                          std::string("the own store refused this message's changes: ") + error.what()},
                  now, result);
    return false;
}

void Pump::handleRefusal(const std::vector<Decided>& batch, const storage::WriteResult& refusal,
                         storage::Timestamp now, PumpStep& result) {
    std::size_t at = 0;
    if (refusal.conflictAt) {
        const auto found = std::find_if(batch.begin(), batch.end(), [&](const Decided& decided) {
            return decided.record.mailboxId == *refusal.conflictAt;
        });
        at = found == batch.end() ? 0 : static_cast<std::size_t>(found - batch.begin());
    }
    if (at > 0 &&
        !commitBatch(std::vector<Decided>(batch.begin(), batch.begin() + static_cast<std::ptrdiff_t>(at)),
                     now, result)) {
        return;
    }
    const Decided& refused = batch[at];
    const log::TraceScope trace(std::to_string(refused.record.mailboxId));
    if (refusal.identityHeldBy) {
        repeatsArriving_ = true;
        const Repeat repeat = classifyRepeat(refused.record, refused.key, *refusal.identityHeldBy,
                                             refused.commit.identityKey.value_or(""), now);
        if (repeat == Repeat::Released) {
            return; // the next step decides it again and binds the identity
        }
        if (repeat == Repeat::ProcessAsNew) {
            Decided alone = refused;
            alone.commit.identityKey.reset();
            commitBatch({alone}, now, result);
            return;
        }
        commitOne(repeatCommit(refused.record, *refusal.identityHeldBy, repeat, now), refused.key, result);
        return;
    }
    const auto current = store_.processing().find(refused.record.mailboxId);
    if (!current || current->state != refused.record.state || current->attempts != refused.record.attempts) {
        log::warn("message {} {}: changed by someone else while it was processed ({}); taken up again",
                  refused.record.mailboxId, shownKey(refused.key), refusal.conflict);
        return;
    }
    const auto flid = conflictingFlight(refused.commit);
    if (redeciding_ != refused.record.mailboxId) {
        redeciding_ = refused.record.mailboxId;
        log::info("message {} {}: flight changed under the decision ({}); deciding it again",
                  refused.record.mailboxId, shownKey(refused.key), refusal.conflict);
        return;
    }
    redeciding_.reset();
    recordFailure(Failure{refused.record, refused.key, refused.commit.identityKey, ErrorClass::Infra,
                          "concurrent change of flight " + (flid ? std::to_string(*flid) : std::string("?"))},
                  now, result);
}

// SNDR|TYPE|STYP|SEQN, and with pipeline.identity-day-boundary the business day: DTTM's date (a
// local time, envelope.md §2), else the day of the receive time in pipeline.business-time-zone.
std::optional<std::string> Pump::identityOf(const storage::ProcessingRecord& record,
                                            const codec::Meta& meta) const {
    if (!settings_.pipeline.identityDayBoundary) {
        return identityKeyOf(meta);
    }
    const std::string& dttm = meta.createdAt.value_or("");
    if (dttm.size() == 14 &&
        std::all_of(dttm.begin(), dttm.end(), [](char c) { return codec::isAsciiDigit(c); })) {
        return identityKeyOf(meta, dttm.substr(0, 4) + "-" + dttm.substr(4, 2) + "-" + dttm.substr(6, 2));
    }
    const auto at = std::chrono::floor<std::chrono::seconds>(record.receivedAt.value_or(record.enqueuedAt));
    const std::chrono::year_month_day day{
        std::chrono::floor<std::chrono::days>(businessZone_.toLocal(std::chrono::sys_seconds(at)))};
    return identityKeyOf(meta, sdk::formatDate(day));
}

std::map<std::string, storage::MailboxId>
Pump::heldIdentities(const std::vector<storage::ProcessingRecord>& candidates,
                     const std::vector<std::optional<codec::DecodeResult>>& documents) const {
    std::vector<std::string> keys;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const storage::ProcessingRecord& record = candidates[i];
        const std::optional<codec::DecodeResult>& document = documents[i];
        if (record.identityKey || !document) {
            continue; // it holds its identity already, or it fails before it has one
        }
        if (!document->ok() ||
            (ignoreRules_.match(document->message().key()) && !isResponse(document->message()))) {
            continue; // an ignored message has no identity; a RESP may escape its rule (notRouted)
        }
        if (auto identity = identityOf(record, document->message().meta())) {
            keys.push_back(std::move(*identity));
        }
    }
    return keys.empty() ? std::map<std::string, storage::MailboxId>{}
                        : store_.processing().identityHolders(keys);
}

// The identity rule (docs/pipeline.md "Identity"): a holder that ended longer ago than
// pipeline.identity-window gives its identity up; otherwise the repeat is a duplicate, and one
// whose document is not byte-for-byte the holder's is a conflict, skipped or processed as the site chose.
Pump::Repeat Pump::classifyRepeat(const storage::ProcessingRecord& record, const std::string& key,
                                  storage::MailboxId holder, const std::string& identity,
                                  storage::Timestamp now) {
    const auto held = store_.processing().findAnywhere(holder);
    if (!held) {
        return Repeat::Duplicate;
    }
    if (held->processedAt && now - *held->processedAt >= settings_.pipeline.identityWindow &&
        !identity.empty()) {
        if (store_.processing().releaseIdentity(holder, identity)) {
            log::info(
                "message {} {}: identity {} of message {} (ended {}) is older than pipeline.identity-window "
                "{}: released, this message binds it",
                record.mailboxId, shownKey(key), identity, holder, sdk::formatUtc(*held->processedAt),
                config::formatDuration(settings_.pipeline.identityWindow));
            return Repeat::Released;
        }
        // It no longer held it (never expected with one writer): compared like any holder below.
    }
    if (held->rawXml == record.rawXml) {
        return Repeat::Duplicate;
    }
    metrics::Metrics::process().identityConflict(key);
    const bool process = settings_.pipeline.identityConflict == config::IdentityConflict::Process;
    log::warn("message {} {}: identity {} is held by message {} whose document differs; {} "
              "(pipeline.identity-conflict {})",
              record.mailboxId, shownKey(key), identity, holder,
              process ? "processed as a new message without the identity"
                      : "SKIPPED duplicate-of:" + std::to_string(holder) + " content-differs",
              config::name(settings_.pipeline.identityConflict));
    return process ? Repeat::ProcessAsNew : Repeat::ContentDiffers;
}

storage::ProcessingCommit Pump::repeatCommit(const storage::ProcessingRecord& record,
                                             storage::MailboxId holder, Repeat repeat,
                                             storage::Timestamp now) const {
    storage::ProcessingCommit commit = commits_.duplicateOf(record, holder, now);
    if (repeat == Repeat::ContentDiffers) {
        commit.outcome.note = *commit.outcome.note + " content-differs";
    }
    return commit;
}

std::optional<storage::FlightId> Pump::conflictingFlight(const storage::ProcessingCommit& commit) {
    std::map<storage::FlightId, bool> seen;
    for (const auto& write : commit.flights) {
        if (!seen.emplace(write.flid, true).second) {
            continue; // a later write of the same flight expects the version of the earlier one
        }
        const auto stored = store_.flights().byFlid(write.flid);
        const std::optional<std::int64_t> version =
            stored ? std::optional<std::int64_t>(stored->stateVersion) : std::nullopt;
        if (version != write.expectedVersion) {
            return write.flid;
        }
    }
    return commit.flights.empty() ? std::nullopt : std::optional(commit.flights.front().flid);
}

void Pump::recordFailure(const Failure& failure, storage::Timestamp now, PumpStep& result) {
    const storage::ProcessingRecord& record = failure.record;
    const log::TraceScope trace(std::to_string(record.mailboxId));
    auto& queue = store_.processing();
    if (failure.identityKey && !record.identityKey) {
        storage::IdentityBinding binding = queue.bindIdentity(record.mailboxId, *failure.identityKey);
        if (!binding.bound && binding.duplicateOf) {
            Repeat repeat =
                classifyRepeat(record, failure.key, *binding.duplicateOf, *failure.identityKey, now);
            if (repeat == Repeat::Released) {
                binding = queue.bindIdentity(record.mailboxId, *failure.identityKey);
                repeat = Repeat::Duplicate; // should another message have taken it meanwhile
            }
            if (!binding.bound && binding.duplicateOf && repeat != Repeat::ProcessAsNew) {
                commitOne(repeatCommit(record, *binding.duplicateOf, repeat, now), failure.key, result);
                return;
            }
        }
    }
    const storage::Timestamp anchor = record.processingStartedAt
                                          ? *record.processingStartedAt
                                          : queue.markProcessingStarted(record.mailboxId);
    const bool unwarned =
        failure.errorClass == ErrorClass::Unsupported && !warnedUnknownKeys_.contains(failure.key);
    if (unwarned && std::cmp_greater_equal(warnedUnknownKeys_.size(), settings_.unknownKeysWarned)) {
        if (!unknownKeysLimitWarned_) {
            unknownKeysLimitWarned_ = true;
            log::warn("{} keys without a plugin warned about since the start (limits.unknown-key-labels): "
                      "further unknown keys such as {} (message {}) are not warned one by one; their FAILED "
                      "lines and msgx_unknown_key_messages_total{{key=\"other\"}} still count them",
                      warnedUnknownKeys_.size(), shownKey(failure.key), record.mailboxId);
        }
    } else if (unwarned) {
        warnedUnknownKeys_.insert(failure.key);
        // Once per key and start, also when its first attempt is its last: an upstream that begins
        // sending a new type is seen at once, without a WARN per attempt of every message
        // (docs/pipeline.md "Retries per error class").
        log::warn("no plugin serves the key {}: message {} FAILED(UNSUPPORTED), tried "
                  "{} attempt(s) in all (pipeline.retry.unsupported), then DEAD(EXHAUSTED); the queue "
                  "waits behind it meanwhile; add a plugin and replay, or ignore the key",
                  shownKey(failure.key), record.mailboxId,
                  settings_.pipeline.unsupportedRetry.maxAttempts.value_or(settings_.pipeline.maxAttempts));
    }
    const int attemptsAfter = record.attempts + 1;
    const std::string className(errorClassName(failure.errorClass));
    if (retryPolicy_.exhausted(attemptsAfter, anchor, now, failure.errorClass)) {
        commitOne(commits_.dead(record, ErrorClass::Exhausted, failure.error,
                                "after " + std::to_string(attemptsAfter) + " attempts, last " + className,
                                now),
                  failure.key, result);
        return;
    }
    const storage::Timestamp next = retryPolicy_.nextAttemptAt(now, attemptsAfter, failure.errorClass);
    const storage::WriteResult written = queue.recordFailure(
        record.mailboxId, {record.state, record.attempts}, {failure.errorClass, failure.error, next});
    if (!written.applied) {
        log::warn("message {} {}: failure not recorded, the row moved on ({})", record.mailboxId,
                  shownKey(failure.key), written.conflict);
        return;
    }
    ++result.failed;
    metrics::Metrics::process().messageProcessed(failure.key, metrics::Outcome::Failed);
    if (failure.errorClass == ErrorClass::Unsupported) {
        metrics::Metrics::process().unknownKey(failure.key);
    }
    log::info("message {} {}: FAILED({}) attempt {}, next at {}: {}", record.mailboxId, shownKey(failure.key),
              className, attemptsAfter, sdk::formatUtc(next), failure.error);
}

// After the commit: a crash before this line loses the registration (the message is SUCCEEDED and
// is not decided again); the note on the message names every request it asked for.
void Pump::registerOutbound(const Decided& decided) {
    if (decided.outbound.empty()) {
        return;
    }
    for (const auto& request : decided.outbound) {
        if (!outboundRegistrar_) {
            log::warn("message {} {}: outbound request {}-{} not registered (no request coordinator)",
                      decided.record.mailboxId, decided.key, request.type, request.subtype);
            continue;
        }
        try {
            outboundRegistrar_("message " + std::to_string(decided.record.mailboxId), request);
        } catch (const std::invalid_argument& e) {
            log::warn("message {} {}: outbound request {}-{} refused: {}", decided.record.mailboxId,
                      decided.key, request.type, request.subtype, e.what());
        } catch (const storage::InfraError& e) {
            log::warn("message {} {}: outbound request {}-{} not registered: {}", decided.record.mailboxId,
                      decided.key, request.type, request.subtype, e.what());
        }
    }
}

void Pump::commitOne(const storage::ProcessingCommit& commit, const std::string& key, PumpStep& result) {
    const auto commitStart = std::chrono::steady_clock::now();
    const storage::WriteResult written = store_.processing().commit(commit);
    metrics::Metrics::process().commitDuration(std::chrono::steady_clock::now() - commitStart);
    if (!written.applied) {
        log::warn("message {} {}: not committed, the row moved on ({})", commit.mailboxId, shownKey(key),
                  written.conflict);
        return;
    }
    ++result.finished;
    logTerminal(commit, key);
}

} // namespace msgx::pipeline
