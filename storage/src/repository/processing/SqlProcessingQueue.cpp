#include "repository/processing/SqlProcessingQueue.h"

#include "msgx/storage/InfraError.h"
#include "repository/archive/HistoryCounts.h"
#include "repository/cursors/SqlInboxCursors.h"
#include "repository/processing/CommitStatements.h"
#include "repository/processing/EnqueueStatements.h"
#include "repository/processing/ProcessingCommitWriter.h"
#include "repository/processing/QueueGuard.h"
#include "repository/processing/StateCounts.h"
#include "repository/reference/ReferenceWrites.h"
#include "repository/rows/LongTexts.h"
#include "repository/rows/StoredNames.h"
#include "session/PreparedStatement.h"
#include "session/Transaction.h"
#include "sql/RowMapping.h"
#include "sql/StoreStatements.h"

#include <Poco/Data/Statement.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <utility>

namespace msgx::storage {
namespace {

// One PROC_STATE (or PROC_STATE_HST) row as read with procStateReadColumns().
struct ProcStateRow {
    static constexpr const char* kWholeTexts = "processing.whole-texts"; // LongTexts.h
    static constexpr const char* kWholeTextsArchived = "processing.whole-texts-archived";
    Poco::Int64 id = 0;
    LongText rawXml;
    std::string state;
    Poco::Nullable<std::string> errorClass;
    LongText lastError;
    LongText note;
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
    LongText backfillError;
    Poco::Nullable<Poco::Int64> processedAt;

    template <typename F>
    void longTexts(F& f) {
        f(rawXml), f(lastError), f(note), f(backfillError);
    }
    [[nodiscard]] std::vector<Parameter> longTextKey() const { return {Parameter::int64(id)}; }

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
        r.rawXml = rawXml.text();
        r.state = processingStateFromColumn(state);
        r.errorClass = errorClassFromColumn(optionalOf(errorClass));
        r.lastError = lastError.optionalText();
        r.note = note.optionalText();
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
        r.backfillError = backfillError.optionalText();
        r.processedAt = timestampOf(processedAt);
        return r;
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::ProcStateRow)

namespace msgx::storage {
namespace {

// processing.next-unfinished: after the head, up to `last`, at most `limit` rows.
struct NextUnfinishedParameters {
    Poco::Int64 afterId = 0;
    Poco::Int64 last = 0;
    int limit = 0;

    template <typename Use>
    void parameters(Use& use) {
        use(afterId), use(last), use(limit);
    }
};

// processing.head-from: the floor, once per branch of the union.
struct HeadFromParameters {
    Poco::Int64 from = 0;

    template <typename Use>
    void parameters(Use& use) {
        use(from), use(from);
    }
};

// The pump's two reads of every batch, prepared once per session: sent ad hoc, each cost a prepare
// and (PostgreSQL) a deallocate round trip more, and was planned afresh for its values.
struct QueueReads {
    QueueReads(Poco::Data::Session& session, const SqlContext& ctx)
        : headFrom(session, ctx["processing.head-from"]),
          nextUnfinished(session, ctx["processing.next-unfinished"]) {}

    // The head, from read.from when it is set (QueueHeadFloor::before), else from the smallest id: one
    // statement for both, since each prepared statement that returns RAW_XML keeps a result buffer of
    // the column's full size on MySQL and ODBC (16 MB for a MEDIUMTEXT) for the life of the session.
    std::optional<ProcessingRecord> headOf(Transaction& tx, const SqlContext& ctx,
                                           const QueueHeadFloor::Read& read) {
        headFrom.values.from = read.from.value_or(std::numeric_limits<Poco::Int64>::min());
        auto& rows = headFrom.execute();
        completeLongTexts(tx, ctx, rows);
        return rows.empty() ? std::nullopt : std::optional(rows.front().record());
    }

    // nextUnfinished: the rows after `afterId` within its id window (ProcessingQueue.h).
    std::vector<ProcessingRecord> unfinishedAfter(Transaction& tx, const SqlContext& ctx, MailboxId afterId,
                                                  int limit) {
        nextUnfinished.values.afterId = afterId;
        nextUnfinished.values.last = afterId + 4 * static_cast<MailboxId>(limit) + 16;
        nextUnfinished.values.limit = limit;
        auto& rows = nextUnfinished.execute();
        completeLongTexts(tx, ctx, rows);
        std::vector<ProcessingRecord> records;
        for (const auto& row : rows) {
            records.push_back(row.record());
        }
        return records;
    }

    static QueueReads& of(Transaction& tx, const SqlContext& ctx) { return preparedSet<QueueReads>(tx, ctx); }

    PreparedQuery<ProcStateRow, HeadFromParameters> headFrom;
    PreparedQuery<ProcStateRow, NextUnfinishedParameters> nextUnfinished;
};

} // namespace
} // namespace msgx::storage

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

// Locks row `id` of PROC_STATE_HST until the transaction ends; nullopt when there is none.
std::optional<LockedRow> lockArchivedRow(Transaction& tx, const SqlContext& ctx, MailboxId id) {
    std::vector<LockedRow> rows;
    tx.session() << ctx["processing.lock-archived"], bindInt64(id), into(rows), now;
    return rows.empty() ? std::nullopt : std::optional(rows.front());
}

// Tells the head floor, once the transaction is over, that row `lowest` (and maybe rows above it)
// became unfinished; also when it threw, since a commit of unknown outcome may have written them (a
// floor lower than needed costs a longer read, never a message).
class NoteUnfinished {
public:
    NoteUnfinished(QueueHeadFloor& floor, MailboxId lowest) : floor_(floor), lowest_(lowest) {}
    NoteUnfinished(const NoteUnfinished&) = delete;
    NoteUnfinished& operator=(const NoteUnfinished&) = delete;
    ~NoteUnfinished() { floor_.unfinished(lowest_); }

private:
    QueueHeadFloor& floor_;
    MailboxId lowest_;
};

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
    // The id range of the messages: what the range checks read, and the lowest for the head floor.
    std::optional<std::pair<MailboxId, MailboxId>> range;
    std::optional<NoteUnfinished> note;
    if (!messages.empty()) {
        const auto [lowest, highest] = std::minmax_element(
            messages.begin(), messages.end(),
            [](const NewMessage& a, const NewMessage& b) { return a.mailboxId < b.mailboxId; });
        range.emplace(lowest->mailboxId, highest->mailboxId);
        note.emplace(headFloor_, lowest->mailboxId);
    }
    return ctx_.writerTransact(operation, [ctx = ctx_.statements, messages, range, cursor,
                                           stamp](Transaction& tx) {
        auto& session = tx.session();
        std::set<MailboxId> known;
        if (range) {
            for (const char* statement : {"processing.ids-in-range", "processing.archived-ids-in-range"}) {
                const auto& ids = preparedRows<Poco::Int64>(
                    tx, ctx, statement, {Parameter::int64(range->first), Parameter::int64(range->second)});
                known.insert(ids.begin(), ids.end());
            }
        }
        std::vector<MailboxId> inserted;
        std::vector<const NewMessage*> fresh;
        for (const auto& message : messages) {
            if (!known.insert(message.mailboxId).second) {
                continue; // already queued (or archived), or twice in this batch
            }
            fresh.push_back(&message);
            inserted.push_back(message.mailboxId);
        }
        StateCountChanges counts;
        for (const NewMessage* message : fresh) {
            const auto state = message->skipNote ? ProcessingState::Skipped : ProcessingState::Pending;
            counts.messages(std::nullopt,
                            StateCountChanges::MessageKey(std::string(stateName(state)), std::nullopt));
        }
        if (!fresh.empty()) { // write() empties `fresh`
            tx.prepared()
                .get<EnqueueStatements>(
                    [&session, &ctx] { return std::make_shared<EnqueueStatements>(session, ctx); })
                .write(fresh, stamp);
        }
        if (cursor) {
            saveCursor(tx, ctx, *cursor, stamp);
        }
        counts.write(tx, ctx);
        return inserted;
    });
}

std::optional<ProcessingRecord> SqlProcessingQueue::head() {
    const QueueHeadFloor::Read read = headFloor_.before(ctx_.now());
    auto found = ctx_.pool->transact("store: read the head of the queue",
                                     [ctx = ctx_.statements, read](Transaction& tx) {
                                         return QueueReads::of(tx, ctx).headOf(tx, ctx, read);
                                     });
    headFloor_.after(read, found ? std::optional(found->mailboxId) : std::nullopt);
    return found;
}

std::optional<ProcessingRecord> SqlProcessingQueue::find(MailboxId id) {
    return ctx_.pool->transact("store: read PROC_STATE " + std::to_string(id),
                               [ctx = ctx_.statements, id](Transaction& tx) {
                                   std::vector<ProcStateRow> rows;
                                   tx.session() << ctx["processing.find"], bindInt64(id), into(rows), now;
                                   completeLongTexts(tx, ctx, rows);
                                   return single(rows);
                               });
}

std::optional<ProcessingRecord> SqlProcessingQueue::findAnywhere(MailboxId id) {
    return ctx_.pool->transact(
        "store: read PROC_STATE or PROC_STATE_HST " + std::to_string(id),
        [ctx = ctx_.statements, id](Transaction& tx) {
            for (const char* statement : {"processing.find", "processing.find-archived"}) {
                std::vector<ProcStateRow> rows;
                tx.session() << ctx[statement], bindInt64(id), into(rows), now;
                completeLongTexts(tx, ctx, rows);
                if (auto found = single(rows)) {
                    found->archived = std::string_view(statement) == "processing.find-archived";
                    return found;
                }
            }
            return std::optional<ProcessingRecord>{};
        });
}

std::vector<MailboxId> SqlProcessingQueue::knownIds(MailboxId first, MailboxId last) {
    return ctx_.pool->transact(
        "store: read the ids " + std::to_string(first) + ".." + std::to_string(last) +
            " of PROC_STATE and PROC_STATE_HST",
        [ctx = ctx_.statements, first, last](Transaction& tx) {
            std::vector<MailboxId> known;
            for (const char* statement : {"processing.known-ids", "processing.known-archived-ids"}) {
                std::vector<Poco::Int64> ids;
                tx.session() << ctx[statement], bindInt64(first), bindInt64(last), into(ids), now;
                known.insert(known.end(), ids.begin(), ids.end());
            }
            std::sort(known.begin(), known.end());
            known.erase(std::unique(known.begin(), known.end()), known.end());
            return known;
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
    return ctx_.writerTransact("store: anchor the processing start of " + std::to_string(id),
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
        return ctx_.writerTransact(operation, lookUp);
    } catch (const InfraError& e) {
        if (e.reason() != InfraError::Reason::Constraint) {
            throw;
        }
        // Another message took the identity between the look-up and the update (unique index).
        return ctx_.writerTransact(operation, lookUp);
    }
}

std::map<std::string, MailboxId> SqlProcessingQueue::identityHolders(const std::vector<std::string>& keys) {
    if (keys.empty()) {
        return {};
    }
    return ctx_.pool->transact("store: read the holders of " + std::to_string(keys.size()) + " identities",
                               [ctx = ctx_.statements, keys](Transaction& tx) {
                                   return CommitStatements::of(tx, ctx).identityHolders(keys);
                               });
}

bool SqlProcessingQueue::releaseIdentity(MailboxId holder, const std::string& key) {
    const Timestamp stamp = ctx_.now();
    return ctx_.writerTransact("store: release identity " + key + " of " + std::to_string(holder),
                               [ctx = ctx_.statements, holder, key, stamp](Transaction& tx) {
                                   Statement live(tx.session());
                                   live << ctx["processing.release-identity"], bindMicros(stamp),
                                       bindInt64(holder), ctx.text.shortText(key);
                                   Statement archived(tx.session());
                                   archived << ctx["processing.release-archived-identity"], bindInt64(holder),
                                       ctx.text.shortText(key);
                                   return live.execute() + archived.execute() > 0;
                               });
}

WriteResult SqlProcessingQueue::recordFailure(MailboxId id, const QueueGuard& expected,
                                              const ProcessingFailure& failure) {
    const Timestamp stamp = ctx_.now();
    return ctx_.writerTransact(
        "store: record failed attempt of " + std::to_string(id),
        [ctx = ctx_.statements, id, expected, failure, stamp](Transaction& tx) {
            const auto row = lockRow(tx, ctx, id);
            if (auto conflict = guardFails(id, row, expected)) {
                tx.rollbackOnly();
                return WriteResult::refused(*conflict);
            }
            Statement update(tx.session());
            const std::string errorClass(errorClassName(failure.errorClass));
            update << ctx["processing.record-failure"], bindInt(row->attempts + 1),
                ctx.text.shortText(errorClass), ctx.text.longText(failure.error),
                bindMicros(failure.nextAttemptAt), bindMicros(stamp), bindInt64(id);
            update.execute();
            StateCountChanges counts;
            counts.messages(std::pair(row->state, optionalOf(row->errorClass)),
                            std::pair(std::string(stateName(ProcessingState::Failed)), errorClass));
            counts.write(tx, ctx);
            return WriteResult::ok();
        });
}

WriteResult SqlProcessingQueue::commit(const ProcessingCommit& commit) {
    return commitAll({commit});
}

WriteResult SqlProcessingQueue::commitAll(const std::vector<ProcessingCommit>& commits) {
    return writeProcessingCommits(ctx_, commits);
}

WriteResult SqlProcessingQueue::commitAllAndReadFront(const std::vector<ProcessingCommit>& commits, int limit,
                                                      QueueFront& front) {
    auto read = std::make_shared<QueueFront>(); // the work owns it (SessionPool::transact)
    const QueueHeadFloor::Read from = headFloor_.before(ctx_.now());
    const WriteResult result =
        writeProcessingCommits(ctx_, commits, [ctx = ctx_.statements, limit, read, from](Transaction& tx) {
            auto& reads = QueueReads::of(tx, ctx);
            read->head = reads.headOf(tx, ctx, from);
            read->next = read->head && limit > 0
                             ? reads.unfinishedAfter(tx, ctx, read->head->mailboxId, limit)
                             : std::vector<ProcessingRecord>{};
        });
    if (result.applied) {
        // Only a committed read moves the floor: a rolled-back batch's rows are unfinished again.
        headFloor_.after(from, read->head ? std::optional(read->head->mailboxId) : std::nullopt);
        front = std::move(*read);
    }
    return result;
}

WriteResult SqlProcessingQueue::resetForReplay(MailboxId id, const QueueGuard& expected) {
    const Timestamp stamp = ctx_.now();
    const NoteUnfinished note(headFloor_, id);
    const bool keepCounts = keepsHistoryCounts(*ctx_.dialect);
    return ctx_.pool->transact(
        "store: reset " + std::to_string(id) + " for replay",
        [ctx = ctx_.statements, id, expected, stamp, keepCounts](Transaction& tx) {
            auto row = lockRow(tx, ctx, id);
            const std::string wanted =
                std::string(stateName(expected.state)) + "/" + std::to_string(expected.attempts);
            std::optional<std::string> refusal;
            bool restored = false;
            if (!row) {
                // Archived (ArchiveMover): only a DEAD row comes back, and only with its identity free.
                const auto archived = lockArchivedRow(tx, ctx, id);
                if (!archived) {
                    refusal = describe(id, row) + " (nor does PROC_STATE_HST " + std::to_string(id) + ")";
                } else if (archived->state != stateName(ProcessingState::Dead)) {
                    refusal = "PROC_STATE_HST " + std::to_string(id) + " is " + archived->state +
                              ": only a DEAD message is taken back from history for a replay";
                } else if (archived->state != stateName(expected.state) ||
                           archived->attempts != expected.attempts) {
                    refusal = "PROC_STATE_HST " + std::to_string(id) + " is " + archived->state + "/" +
                              std::to_string(archived->attempts) + ", expected " + wanted;
                } else if (const auto holder = archived->identityKey.isNull()
                                                   ? std::nullopt
                                                   : identityHolder(tx, ctx, "processing.identity-holder",
                                                                    archived->identityKey.value());
                           holder && *holder != id) {
                    refusal = "message " + std::to_string(id) + " is archived with identity " +
                              archived->identityKey.value() + ", which message " + std::to_string(*holder) +
                              " in PROC_STATE holds now: it stays in history (replay " +
                              std::to_string(*holder) + " instead, or release the identity)";
                } else {
                    Statement copy(tx.session());
                    copy << ctx["processing.restore-archived"], bindInt64(id);
                    copy.execute();
                    Statement remove(tx.session());
                    remove << ctx["processing.delete-archived"], bindInt64(id);
                    remove.execute();
                    if (keepCounts) {
                        addHistoryRows(tx, ctx, "PROC_STATE_HST", -1);
                    }
                    row = archived;
                    restored = true;
                }
            } else if (row->state != stateName(ProcessingState::Failed) &&
                       row->state != stateName(ProcessingState::Dead)) {
                refusal = describe(id, row) + ": only a FAILED or DEAD message can be replayed";
            } else if (row->state != stateName(expected.state) || row->attempts != expected.attempts) {
                refusal = describe(id, row) + ", expected " + wanted;
            }
            if (refusal) {
                tx.rollbackOnly();
                return refusedAt(id, *refusal);
            }
            Statement update(tx.session());
            update << ctx["processing.reset-for-replay"], bindMicros(stamp), bindInt64(id);
            update.execute();
            StateCountChanges counts; // the reset keeps ERROR_CLASS; a restored row was not counted
            counts.messages(restored ? std::nullopt
                                     : std::optional(StateCountChanges::MessageKey(
                                           row->state, optionalOf(row->errorClass))),
                            StateCountChanges::MessageKey(std::string(stateName(ProcessingState::Pending)),
                                                          optionalOf(row->errorClass)));
            counts.write(tx, ctx);
            return WriteResult::ok();
        });
}

std::vector<StateCount> SqlProcessingQueue::countByState() {
    return ctx_.pool->transact("store: count messages by state", [ctx = ctx_.statements](Transaction& tx) {
        std::vector<StateCount> counts;
        for (const auto& [key, count] : readMessageCounts(tx, ctx)) {
            if (count > 0) {
                const auto& [state, errorClass] = key;
                counts.push_back({processingStateFromColumn(state),
                                  errorClassFromColumn(errorClassOfCount(errorClass)), count});
            }
        }
        std::sort(counts.begin(), counts.end(), [](const StateCount& a, const StateCount& b) {
            return std::pair(a.state, a.errorClass) < std::pair(b.state, b.errorClass);
        });
        return counts;
    });
}

std::vector<CountCorrection> SqlProcessingQueue::recountStates() {
    return ctx_.writerTransact(
        "store: recount messages and events by state",
        [ctx = ctx_.statements](Transaction& tx) { return storage::recountStates(tx, ctx); });
}

std::vector<ProcessingRecord> SqlProcessingQueue::list(const MessageFilter& filter, MailboxId afterId,
                                                       int limit) {
    if (limit <= 0) {
        return {};
    }
    const std::string live =
        processingListStatement(filter.state.has_value(), filter.errorClass.has_value(),
                                filter.enqueuedFrom.has_value(), filter.enqueuedBefore.has_value());
    // DEAD messages stay repairable once archived: their history rows are listed with them.
    const std::optional<std::string> archived =
        filter.state == ProcessingState::Dead
            ? std::optional(archivedDeadListStatement(filter.errorClass.has_value(),
                                                      filter.enqueuedFrom.has_value(),
                                                      filter.enqueuedBefore.has_value()))
            : std::nullopt;
    return ctx_.pool->transact(
        "store: list messages after " + std::to_string(afterId),
        [ctx = ctx_.statements, live, archived, filter, afterId, limit](Transaction& tx) {
            const auto read = [&](const std::string& statement, bool withState) {
                Statement query(tx.session());
                query << ctx[statement];
                if (filter.state && withState) {
                    query, ctx.text.shortText(std::string(stateName(*filter.state)));
                }
                if (filter.errorClass) {
                    query, ctx.text.shortText(std::string(errorClassName(*filter.errorClass)));
                }
                if (filter.enqueuedFrom) {
                    query, bindMicros(*filter.enqueuedFrom);
                }
                if (filter.enqueuedBefore) {
                    query, bindMicros(*filter.enqueuedBefore);
                }
                std::vector<ProcStateRow> rows;
                query, bindInt64(afterId), bindInt(limit), into(rows);
                query.execute();
                completeLongTexts(tx, ctx, rows);
                return rows;
            };
            std::vector<ProcessingRecord> records;
            for (const auto& row : read(live, true)) {
                records.push_back(row.record());
            }
            if (archived) {
                for (const auto& row : read(*archived, false)) {
                    records.push_back(row.record());
                    records.back().archived = true;
                }
                // Both reads are in id order; the first `limit` of the two (an id is in one table only).
                std::sort(records.begin(), records.end(),
                          [](const ProcessingRecord& a, const ProcessingRecord& b) {
                              return a.mailboxId < b.mailboxId;
                          });
                if (records.size() > static_cast<std::size_t>(limit)) {
                    records.resize(static_cast<std::size_t>(limit));
                }
            }
            return records;
        });
}

std::vector<ProcessingRecord> SqlProcessingQueue::nextUnfinished(MailboxId afterId, int limit) {
    if (limit <= 0) {
        return {};
    }
    return ctx_.pool->transact("store: read the messages after " + std::to_string(afterId),
                               [ctx = ctx_.statements, afterId, limit](Transaction& tx) {
                                   return QueueReads::of(tx, ctx).unfinishedAfter(tx, ctx, afterId, limit);
                               });
}

} // namespace msgx::storage
