#include "repository/processing/ProcessingCommitWriter.h"

#include "msgx/storage/InfraError.h"
#include "repository/archive/HistoryCounts.h"
#include "repository/flights/HistoryRevival.h"
#include "repository/processing/CommitStatements.h"
#include "repository/processing/QueueGuard.h"
#include "repository/processing/StateCounts.h"
#include "repository/reference/ReferenceWrites.h"
#include "repository/requests/RequestWrites.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

namespace msgx::storage {

namespace {

// What a commitAll transaction knows about its messages: their locked rows (updated as its commits
// finish them) and the holders of their identity keys (updated as its commits bind them). Both are
// read in a few round trips for the whole batch instead of one or two per message.
class BatchRows {
public:
    BatchRows(CommitStatements& statements, const std::vector<ProcessingCommit>& commits) {
        const auto [low, high] = std::minmax_element(
            commits.begin(), commits.end(),
            [](const ProcessingCommit& a, const ProcessingCommit& b) { return a.mailboxId < b.mailboxId; });
        // The ids of a batch are consecutive queue entries; a wide spread (a replayed old message among
        // new ones) locks row by row rather than every row in between.
        const auto spread = static_cast<std::uint64_t>(high->mailboxId - low->mailboxId);
        if (spread < 4 * commits.size() + 16) {
            rows_ = statements.lockRange(low->mailboxId, high->mailboxId);
        } else {
            for (const auto& commit : commits) {
                if (const auto row = statements.lockRow(commit.mailboxId)) {
                    rows_.emplace(commit.mailboxId, *row);
                }
            }
        }
        std::vector<std::string> keys;
        for (const auto& commit : commits) {
            const auto row = rows_.find(commit.mailboxId);
            if (commit.identityKey && row != rows_.end() && row->second.identityKey.isNull()) {
                keys.push_back(*commit.identityKey);
            }
        }
        if (!keys.empty()) {
            holders_ = statements.identityHolders(keys);
        }
    }

    [[nodiscard]] std::optional<LockedRow> row(MailboxId id) const {
        const auto it = rows_.find(id);
        return it == rows_.end() ? std::nullopt : std::optional(it->second);
    }

    [[nodiscard]] std::optional<MailboxId> holder(const std::string& key) const {
        const auto it = holders_.find(key);
        return it == holders_.end() ? std::nullopt : std::optional(it->second);
    }

    // Row `id` was finished by a commit of this transaction.
    void finished(MailboxId id, const ProcessingCommit& commit, const std::optional<std::string>& boundKey) {
        LockedRow& row = rows_.at(id);
        const auto& outcome = commit.outcome;
        Poco::Nullable<std::string> errorClass;
        if (outcome.errorClass) {
            errorClass = std::string(errorClassName(*outcome.errorClass));
        }
        counts_.messages(std::pair(row.state, optionalOf(row.errorClass)),
                         std::pair(std::string(stateName(outcome.state)), optionalOf(errorClass)));
        for (const auto& event : commit.events) {
            counts_.events(event.target, 1);
        }
        row.state = stateName(outcome.state);
        row.errorClass = errorClass;
        if (boundKey) {
            row.identityKey = *boundKey;
            holders_.emplace(*boundKey, id);
        }
        if (commit.processingStartedAt && row.processingStartedAt.isNull()) {
            row.processingStartedAt = toEpochMicros(*commit.processingStartedAt);
        }
    }

    // What the finished commits changed in the state counts (StateCounts.h).
    [[nodiscard]] const StateCountChanges& counts() const { return counts_; }

private:
    std::map<MailboxId, LockedRow> rows_;
    std::map<std::string, MailboxId> holders_;
    StateCountChanges counts_;
};

// One processing commit inside the caller's transaction. A refusal leaves the transaction to be
// rolled back by the caller (what this call wrote so far is part of it).
WriteResult applyCommit(CommitStatements& statements, BatchRows& batch, Transaction& tx,
                        const SqlContext& ctx, const ProcessingCommit& commit, Timestamp stamp) {
    const auto row = batch.row(commit.mailboxId);
    if (auto conflict = guardFails(commit.mailboxId, row, commit.expected)) {
        return refusedAt(commit.mailboxId, *conflict);
    }
    // bindIdentity's rule: a message that holds a key keeps it; a free key is bound with the terminal
    // write below; a key another message holds refuses the whole call.
    std::optional<std::string> identityKey;
    if (commit.identityKey && row->identityKey.isNull()) {
        if (const auto holder = batch.holder(*commit.identityKey); holder && *holder != commit.mailboxId) {
            auto result = refusedAt(commit.mailboxId, "identity " + *commit.identityKey + " of PROC_STATE " +
                                                          std::to_string(commit.mailboxId) + " is held by " +
                                                          std::to_string(*holder));
            result.identityHeldBy = holder;
            return result;
        }
        identityKey = commit.identityKey;
    }
    for (const auto& flight : commit.flights) {
        if (auto conflict = statements.applyFlightWrite(flight, stamp)) {
            return refusedAt(commit.mailboxId, *conflict);
        }
    }
    for (const auto& event : commit.events) {
        statements.addEvent(event, commit.mailboxId, stamp);
    }
    for (const auto& change : commit.references) {
        applyReferenceChange(tx, ctx, change, stamp);
    }
    if (commit.answersRequest) {
        markRequestDone(tx, ctx, *commit.answersRequest, commit.mailboxId, stamp);
    }
    const ProcessingOutcome& outcome = commit.outcome;
    statements.finish(
        commit.mailboxId,
        {std::string(stateName(outcome.state)),
         outcome.errorClass ? std::optional<std::string>(errorClassName(*outcome.errorClass)) : std::nullopt,
         outcome.lastError, outcome.note, outcome.backfillStatus, identityKey, commit.processingStartedAt},
        stamp);
    batch.finished(commit.mailboxId, commit, identityKey);
    return WriteResult::ok();
}

bool bindsIdentity(const std::vector<ProcessingCommit>& commits) {
    return std::any_of(commits.begin(), commits.end(),
                       [](const ProcessingCommit& c) { return c.identityKey.has_value(); });
}

} // namespace

WriteResult writeProcessingCommits(const StoreContext& store, const std::vector<ProcessingCommit>& commits,
                                   std::function<void(Transaction&)> afterWrites) {
    for (const auto& commit : commits) {
        if (!isTerminal(commit.outcome.state)) {
            throw std::invalid_argument("a processing commit must end in SUCCEEDED, SKIPPED or DEAD, not " +
                                        std::string(stateName(commit.outcome.state)) + " (mailbox id " +
                                        std::to_string(commit.mailboxId) + ")");
        }
        for (const auto& change : commit.references) {
            validateReferenceChange(change);
        }
    }
    if (commits.empty()) {
        return WriteResult::ok();
    }
    const Timestamp stamp = store.now();
    const std::string operation =
        commits.size() == 1
            ? "store: commit processing of mailbox id " + std::to_string(commits.front().mailboxId)
            : "store: commit processing of mailbox ids " + std::to_string(commits.front().mailboxId) + ".." +
                  std::to_string(commits.back().mailboxId) + " (" + std::to_string(commits.size()) + ")";
    // The work owns its copy: SessionPool::transact may return (timeout) while the work still runs.
    const bool keepCounts = keepsHistoryCounts(*store.dialect);
    auto work = [ctx = store.statements, keepCounts,
                 batch = std::make_shared<const std::vector<ProcessingCommit>>(commits), stamp,
                 afterWrites = std::move(afterWrites)](Transaction& tx) {
        auto& statements = CommitStatements::of(tx, ctx);
        statements.beginTransaction();
        BatchRows rows(statements, *batch);
        std::vector<FlightId> flids;
        std::vector<FlightId> revived;
        for (const auto& commit : *batch) {
            for (const auto& flight : commit.flights) {
                flids.push_back(flight.flid);
                if (flight.revives) {
                    revived.push_back(flight.flid);
                }
            }
        }
        if (!revived.empty()) {
            reviveFromHistory(tx, ctx, revived,
                              keepCounts); // before the locks: they read the revived versions
        }
        statements.lockFlights(flids);
        for (const auto& commit : *batch) {
            auto result = applyCommit(statements, rows, tx, ctx, commit, stamp);
            if (!result.applied) {
                tx.rollbackOnly();
                return result;
            }
        }
        statements.writeFlights();  // the new flights still queued, several per statement
        statements.writeItems();    // the detail rows still queued, several per statement
        statements.writeEvents();   // the batch's events in order, several per statement
        statements.writeFinishes(); // the terminal states, several per statement
        rows.counts().write(tx, ctx);
        if (afterWrites) {
            afterWrites(tx);
        }
        return WriteResult::ok();
    };
    try {
        return store.writerTransact(operation, work);
    } catch (const InfraError& e) {
        if (e.reason() != InfraError::Reason::Constraint || !bindsIdentity(commits)) {
            throw;
        }
        // Another writer took an identity between the look-up and the update (unique index); nothing
        // was written, and the repeat sees the holder and refuses (as bindIdentity does).
        return store.writerTransact(operation, work);
    }
}

} // namespace msgx::storage
