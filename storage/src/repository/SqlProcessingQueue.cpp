#include "repository/SqlProcessingQueue.h"

#include "msgx/storage/InfraError.h"
#include "repository/CommitStatements.h"
#include "repository/ReferenceWrites.h"
#include "repository/StoredNames.h"
#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace msgx::storage {
namespace {

// One PROC_STATE row as read with kProcStateColumns.
struct ProcStateRow {
    Poco::Int64 id = 0;
    std::string rawXml;
    std::string state;
    Poco::Nullable<std::string> errorClass;
    Poco::Nullable<std::string> lastError;
    Poco::Nullable<std::string> note;
    int attempts = 0;
    Poco::Nullable<Poco::Int64> nextAttemptAt;
    Poco::Nullable<std::string> identityKey;
    Poco::Nullable<std::string> type;
    Poco::Nullable<std::string> styp;
    Poco::Nullable<std::string> mailboxStatus;
    Poco::Nullable<Poco::Int64> receivedAt;
    Poco::Int64 enqueuedAt = 0;
    Poco::Nullable<Poco::Int64> processingStartedAt;
    Poco::Int64 updatedAt = 0;
    std::string backfillState;
    int backfillAttempts = 0;
    Poco::Nullable<Poco::Int64> backfillNextAt;
    Poco::Nullable<std::string> backfillStatusValue;
    Poco::Nullable<std::string> backfillError;
    Poco::Nullable<Poco::Int64> processedAt;

    template <typename Columns>
    void columns(Columns& c) {
        c(id), c(rawXml), c(state), c(errorClass), c(lastError), c(note), c(attempts), c(nextAttemptAt);
        c(identityKey), c(type), c(styp), c(mailboxStatus), c(receivedAt), c(enqueuedAt),
            c(processingStartedAt);
        c(updatedAt), c(backfillState), c(backfillAttempts), c(backfillNextAt), c(backfillStatusValue);
        c(backfillError), c(processedAt);
    }

    [[nodiscard]] ProcessingRecord record() const {
        ProcessingRecord r;
        r.mailboxId = id;
        r.rawXml = rawXml;
        r.state = processingStateFromColumn(state);
        r.errorClass = errorClassFromColumn(optionalOf(errorClass));
        r.lastError = optionalOf(lastError);
        r.note = optionalOf(note);
        r.attempts = attempts;
        r.nextAttemptAt = timestampOf(nextAttemptAt);
        r.identityKey = optionalOf(identityKey);
        r.type = optionalOf(type);
        r.styp = optionalOf(styp);
        r.mailboxStatus = optionalOf(mailboxStatus);
        r.receivedAt = timestampOf(receivedAt);
        r.enqueuedAt = timestampOf(enqueuedAt);
        r.processingStartedAt = timestampOf(processingStartedAt);
        r.updatedAt = timestampOf(updatedAt);
        r.backfillState = backfillStateFromColumn(backfillState);
        r.backfillAttempts = backfillAttempts;
        r.backfillNextAt = timestampOf(backfillNextAt);
        r.backfillStatusValue = optionalOf(backfillStatusValue);
        r.backfillError = optionalOf(backfillError);
        r.processedAt = timestampOf(processedAt);
        return r;
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::ProcStateRow)

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

namespace {

std::optional<ProcessingRecord> single(const std::vector<ProcStateRow>& rows) {
    return rows.empty() ? std::nullopt : std::optional(rows.front().record());
}

// Locks row `id` until the transaction ends; nullopt when there is none.
std::optional<LockedRow> lockRow(Transaction& tx, const SqlContext& ctx, MailboxId id) {
    return CommitStatements::of(tx, ctx).lockRow(id);
}

std::string describe(MailboxId id, const std::optional<LockedRow>& row) {
    if (!row) {
        return "PROC_STATE " + std::to_string(id) + " does not exist";
    }
    return "PROC_STATE " + std::to_string(id) + " is " + row->state + "/" + std::to_string(row->attempts);
}

// Nullopt when the locked row is unfinished and matches what the caller read; else why not.
std::optional<std::string> guardFails(MailboxId id, const std::optional<LockedRow>& row,
                                      const QueueGuard& expected) {
    const std::string wanted =
        std::string(stateName(expected.state)) + "/" + std::to_string(expected.attempts);
    if (!row || row->state != stateName(expected.state) || row->attempts != expected.attempts ||
        isTerminal(expected.state)) {
        return describe(id, row) + ", expected " + wanted;
    }
    return std::nullopt;
}

std::optional<MailboxId> identityHolder(Transaction& tx, const SqlContext& ctx, const char* statement,
                                        const std::string& key) {
    std::vector<Poco::Int64> holders;
    tx.session() << ctx[statement], ctx.text.shortText(key), into(holders), now;
    return holders.empty() ? std::nullopt
                           : std::optional<MailboxId>(*std::min_element(holders.begin(), holders.end()));
}

} // namespace

std::vector<MailboxId> SqlProcessingQueue::enqueue(const std::vector<NewMessage>& messages,
                                                   const std::optional<InboxCursor>& cursor) {
    if (messages.empty() && !cursor) {
        return {};
    }
    const Timestamp stamp = ctx_.now();
    const std::string operation = "store: enqueue " + std::to_string(messages.size()) + " mailbox rows";
    return ctx_.pool->transact(operation, [ctx = ctx_.statements, messages, cursor, stamp](Transaction& tx) {
        auto& session = tx.session();
        std::set<MailboxId> known;
        if (!messages.empty()) {
            const auto [lowest, highest] = std::minmax_element(
                messages.begin(), messages.end(),
                [](const NewMessage& a, const NewMessage& b) { return a.mailboxId < b.mailboxId; });
            for (const char* statement : {"processing.ids-in-range", "processing.archived-ids-in-range"}) {
                std::vector<Poco::Int64> ids;
                session << ctx[statement], bindInt64(lowest->mailboxId), bindInt64(highest->mailboxId),
                    into(ids), now;
                known.insert(ids.begin(), ids.end());
            }
        }
        std::vector<MailboxId> inserted;
        for (const auto& message : messages) {
            if (!known.insert(message.mailboxId).second) {
                continue; // already queued (or archived), or twice in this batch
            }
            const ProcessingState state =
                message.skipNote ? ProcessingState::Skipped : ProcessingState::Pending;
            Statement insert(session);
            insert << ctx["processing.enqueue"], bindInt64(message.mailboxId),
                ctx.text.longText(message.rawXml), ctx.text.shortText(std::string(stateName(state))),
                ctx.text.longText(message.skipNote), bindInt(0), bindMicros(message.receivedAt),
                ctx.text.shortText(message.mailboxStatus), bindMicros(stamp), bindMicros(stamp),
                ctx.text.shortText(std::string(backfillStateName(BackfillState::None))), bindInt(0);
            insert.execute();
            inserted.push_back(message.mailboxId);
        }
        if (cursor) {
            Statement save(session);
            save << ctx["cursor.save"], ctx.text.shortText(cursor->name);
            for (int copy = 0; copy < (ctx.upsertRepeatsValues ? 2 : 1); ++copy) {
                save, bindInt64(cursor->watermark), bindInt64(cursor->rescanFrom), bindMicros(stamp);
            }
            save.execute();
        }
        return inserted;
    });
}

std::optional<ProcessingRecord> SqlProcessingQueue::head() {
    return ctx_.pool->transact("store: read the head of the queue", [ctx = ctx_.statements](Transaction& tx) {
        std::vector<ProcStateRow> rows;
        tx.session() << ctx["processing.head"], bindInt(1), into(rows), now;
        return single(rows);
    });
}

std::optional<ProcessingRecord> SqlProcessingQueue::find(MailboxId id) {
    return ctx_.pool->transact("store: read PROC_STATE " + std::to_string(id),
                               [ctx = ctx_.statements, id](Transaction& tx) {
                                   std::vector<ProcStateRow> rows;
                                   tx.session() << ctx["processing.find"], bindInt64(id), into(rows), now;
                                   return single(rows);
                               });
}

std::int64_t SqlProcessingQueue::unfinishedCount() {
    return ctx_.pool->transact("store: count unfinished messages", [ctx = ctx_.statements](Transaction& tx) {
        Poco::Int64 count = 0;
        tx.session() << ctx["processing.unfinished-count"], into(count), now;
        return static_cast<std::int64_t>(count);
    });
}

Timestamp SqlProcessingQueue::markProcessingStarted(MailboxId id) {
    const Timestamp stamp = ctx_.now();
    return ctx_.pool->transact("store: anchor the processing start of " + std::to_string(id),
                               [ctx = ctx_.statements, id, stamp](Transaction& tx) {
                                   const auto row = lockRow(tx, ctx, id);
                                   if (!row) {
                                       throw std::out_of_range(describe(id, row));
                                   }
                                   if (!row->processingStartedAt.isNull()) {
                                       return timestampOf(row->processingStartedAt.value());
                                   }
                                   Statement update(tx.session());
                                   update << ctx["processing.set-started"], bindMicros(stamp),
                                       bindMicros(stamp), bindInt64(id);
                                   update.execute();
                                   return stamp;
                               });
}

IdentityBinding SqlProcessingQueue::bindIdentity(MailboxId id, const std::string& key) {
    const Timestamp stamp = ctx_.now();
    auto lookUp = [ctx = ctx_.statements, id, key, stamp](Transaction& tx) {
        const auto row = lockRow(tx, ctx, id);
        if (!row) {
            throw std::out_of_range(describe(id, row));
        }
        if (!row->identityKey.isNull()) {
            return IdentityBinding{true, std::nullopt, row->identityKey.value()};
        }
        for (const char* statement : {"processing.identity-holder", "processing.archived-identity-holder"}) {
            if (const auto holder = identityHolder(tx, ctx, statement, key); holder && *holder != id) {
                return IdentityBinding{false, holder, {}};
            }
        }
        Statement bind(tx.session());
        bind << ctx["processing.bind-identity"], ctx.text.shortText(key), bindMicros(stamp), bindInt64(id);
        bind.execute();
        return IdentityBinding{true, std::nullopt, key};
    };
    const std::string operation = "store: bind identity " + key + " to " + std::to_string(id);
    try {
        return ctx_.pool->transact(operation, lookUp);
    } catch (const InfraError& e) {
        if (e.reason() != InfraError::Reason::Constraint) {
            throw;
        }
        // Another message took the identity between the look-up and the update (unique index).
        return ctx_.pool->transact(operation, lookUp);
    }
}

WriteResult SqlProcessingQueue::recordFailure(MailboxId id, const QueueGuard& expected,
                                              const ProcessingFailure& failure) {
    const Timestamp stamp = ctx_.now();
    return ctx_.pool->transact("store: record failed attempt of " + std::to_string(id),
                               [ctx = ctx_.statements, id, expected, failure, stamp](Transaction& tx) {
                                   const auto row = lockRow(tx, ctx, id);
                                   if (auto conflict = guardFails(id, row, expected)) {
                                       tx.rollbackOnly();
                                       return WriteResult::refused(*conflict);
                                   }
                                   Statement update(tx.session());
                                   update << ctx["processing.record-failure"], bindInt(row->attempts + 1),
                                       ctx.text.shortText(std::string(errorClassName(failure.errorClass))),
                                       ctx.text.longText(failure.error), bindMicros(failure.nextAttemptAt),
                                       bindMicros(stamp), bindInt64(id);
                                   update.execute();
                                   return WriteResult::ok();
                               });
}

WriteResult SqlProcessingQueue::commit(const ProcessingCommit& commit) {
    if (!isTerminal(commit.outcome.state)) {
        throw std::invalid_argument("a processing commit must end in SUCCEEDED, SKIPPED or DEAD, not " +
                                    std::string(stateName(commit.outcome.state)));
    }
    for (const auto& change : commit.references) {
        validateReferenceChange(change);
    }
    const Timestamp stamp = ctx_.now();
    return ctx_.pool->transact("store: commit processing of mailbox id " + std::to_string(commit.mailboxId),
                               [ctx = ctx_.statements, commit, stamp](Transaction& tx) {
                                   auto& statements = CommitStatements::of(tx, ctx);
                                   const auto row = statements.lockRow(commit.mailboxId);
                                   if (auto conflict = guardFails(commit.mailboxId, row, commit.expected)) {
                                       tx.rollbackOnly();
                                       return WriteResult::refused(*conflict);
                                   }
                                   for (const auto& flight : commit.flights) {
                                       if (auto conflict = statements.applyFlightWrite(flight, stamp)) {
                                           tx.rollbackOnly();
                                           return WriteResult::refused(*conflict);
                                       }
                                   }
                                   for (const auto& event : commit.events) {
                                       statements.insertEvent(event, commit.mailboxId, stamp);
                                   }
                                   for (const auto& change : commit.references) {
                                       applyReferenceChange(tx, ctx, change, stamp);
                                   }
                                   const ProcessingOutcome& outcome = commit.outcome;
                                   statements.finish(
                                       commit.mailboxId,
                                       {std::string(stateName(outcome.state)),
                                        outcome.errorClass
                                            ? std::optional<std::string>(errorClassName(*outcome.errorClass))
                                            : std::nullopt,
                                        outcome.lastError, outcome.note, outcome.backfillStatus},
                                       stamp);
                                   return WriteResult::ok();
                               });
}

} // namespace msgx::storage
