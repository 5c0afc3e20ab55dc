#include "repository/backfill/SqlBackfillQueue.h"

#include "msgx/storage/ProcessingRecord.h"
#include "repository/rows/IdChunks.h"
#include "session/PreparedStatement.h"
#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

#include <map>
#include <optional>

namespace msgx::storage {
namespace {

struct BackfillRow {
    Poco::Int64 id = 0;
    Poco::Nullable<std::string> status;
    Poco::Nullable<Poco::Int64> processedAt;
    int attempts = 0;

    template <typename Columns>
    void columns(Columns& c) {
        c(id), c(status), c(processedAt), c(attempts);
    }
};

// backfill.lock: CMINMSGS_ID, BACKFILL_STATE, PROCESSED_AT.
struct IntentRow {
    Poco::Int64 id = 0;
    std::string state;
    Poco::Nullable<Poco::Int64> processedAt;

    template <typename Columns>
    void columns(Columns& c) {
        c(id), c(state), c(processedAt);
    }
};

// backfill.next-due: the cursor, the time rows must be due by, the batch size.
struct NextDueParameters {
    Poco::Int64 afterId = 0;
    Poco::Int64 dueBy = 0;
    int maxCount = 0;

    template <typename Use>
    void parameters(Use& use) {
        use(afterId), use(dueBy), use(maxCount);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::BackfillRow)
MSGX_ROW_TYPE_HANDLER(msgx::storage::IntentRow)

namespace msgx::storage {
namespace {

// backfill.next-due prepared once per session. Sent as an ad-hoc statement it was planned afresh
// with its values every round, and on a young or fast-changing PROC_STATE (statistics behind, a
// drained backlog) PostgreSQL's plan for the values was a bitmap scan of every due row above the
// cursor and a sort: 10 ms per round behind a 100,000-row backlog, against 0.2 ms for the index scan
// in id order that the prepared statement's generic plan is (docs/performance.md).
struct NextDueQuery {
    NextDueQuery(Poco::Data::Session& session, const SqlContext& ctx)
        : query(session, ctx["backfill.next-due"]) {}
    PreparedQuery<BackfillRow, NextDueParameters> query;
};

} // namespace
} // namespace msgx::storage

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

std::vector<BackfillTask> SqlBackfillQueue::nextDue(int maxCount, MailboxId afterId) {
    if (maxCount <= 0) {
        return {};
    }
    const Timestamp stamp = ctx_.now();
    return ctx_.writerTransact(
        "store: read due back-fills", [ctx = ctx_.statements, maxCount, stamp, afterId](Transaction& tx) {
            auto& next = preparedSet<NextDueQuery>(tx, ctx).query;
            next.values.afterId = afterId;
            next.values.dueBy = toEpochMicros(stamp);
            next.values.maxCount = maxCount;
            const auto& rows = next.execute();
            std::vector<BackfillTask> tasks;
            for (const auto& row : rows) {
                // A DUE row always has both (processing.finish writes them together).
                tasks.push_back({row.id, row.status.isNull() ? std::string() : row.status.value(),
                                 row.processedAt.isNull() ? stamp : timestampOf(row.processedAt.value()),
                                 row.attempts});
            }
            return tasks;
        });
}

void SqlBackfillQueue::markDone(MailboxId id) {
    ctx_.writerTransact("store: mark the back-fill of " + std::to_string(id) + " done",
                        [ctx = ctx_.statements, id](Transaction& tx) {
                            executeForIds(tx, ctx, "backfill.done", std::nullopt, {id});
                        });
}

bool SqlBackfillQueue::markDoneIf(MailboxId id, Timestamp processedAt) {
    return markDoneIfCurrent({BackfillTask{id, {}, processedAt, 0}}).empty();
}

std::vector<MailboxId> SqlBackfillQueue::markDoneIfCurrent(const std::vector<BackfillTask>& tasks) {
    if (tasks.empty()) {
        return {};
    }
    const std::string operation =
        tasks.size() == 1
            ? "store: mark the back-fill of " + std::to_string(tasks.front().mailboxId) +
                  " done if still current"
            : "store: mark " + std::to_string(tasks.size()) + " back-fills done if still current";
    return ctx_.writerTransact(operation, [ctx = ctx_.statements, tasks](Transaction& tx) {
        std::vector<MailboxId> ids;
        for (const auto& task : tasks) {
            ids.push_back(task.mailboxId);
        }
        std::map<MailboxId, IntentRow> intents;
        for (const auto& chunk : idChunks(ids)) {
            for (auto& row : preparedRows<IntentRow>(tx, ctx, "backfill.lock", idParameters(chunk))) {
                intents.emplace(row.id, std::move(row));
            }
        }
        std::vector<MailboxId> due;
        std::vector<MailboxId> superseded;
        for (const auto& task : tasks) {
            const auto intent = intents.find(task.mailboxId);
            if (intent == intents.end() || intent->second.processedAt.isNull() ||
                timestampOf(intent->second.processedAt.value()) != task.processedAt) {
                superseded.push_back(task.mailboxId); // gone, or a newer terminal commit's intent
            } else if (intent->second.state == backfillStateName(BackfillState::Due)) {
                due.push_back(task.mailboxId);
            } else if (intent->second.state != backfillStateName(BackfillState::Done)) {
                superseded.push_back(task.mailboxId); // DONE already counts as done
            }
        }
        executeForIds(tx, ctx, "backfill.done", std::nullopt, due);
        return superseded;
    });
}

void SqlBackfillQueue::postpone(const std::vector<MailboxId>& ids, Timestamp nextAttemptAt) {
    if (ids.empty()) {
        return;
    }
    ctx_.writerTransact("store: postpone " + std::to_string(ids.size()) + " back-fill(s)",
                        [ctx = ctx_.statements, ids, nextAttemptAt](Transaction& tx) {
                            executeForIds(tx, ctx, "backfill.release", nextAttemptAt, ids);
                        });
}

void SqlBackfillQueue::recordFailure(MailboxId id, Timestamp nextAttemptAt, const std::string& error) {
    ctx_.writerTransact("store: record a failed back-fill of " + std::to_string(id),
                        [ctx = ctx_.statements, id, nextAttemptAt, error](Transaction& tx) {
                            Statement update(tx.session());
                            update << ctx["backfill.failure"], bindMicros(nextAttemptAt),
                                ctx.text.longText(error), bindInt64(id);
                            update.execute();
                        });
}

std::optional<Timestamp> SqlBackfillQueue::oldestDueProcessedAt() {
    return ctx_.pool->transact("store: oldest due back-fill", [ctx = ctx_.statements](Transaction& tx) {
        Poco::Nullable<Poco::Int64> oldest;
        tx.session() << ctx["backfill.oldest-due"], into(oldest), now;
        return oldest.isNull() ? std::nullopt : std::optional<Timestamp>(fromEpochMicros(oldest.value()));
    });
}

std::int64_t SqlBackfillQueue::dueCount() {
    return ctx_.pool->transact("store: count due back-fills", [ctx = ctx_.statements](Transaction& tx) {
        Poco::Int64 count = 0;
        tx.session() << ctx["backfill.due-count"], into(count), now;
        return static_cast<std::int64_t>(count);
    });
}

} // namespace msgx::storage
