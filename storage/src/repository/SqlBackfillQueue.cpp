#include "repository/SqlBackfillQueue.h"

#include "msgx/storage/ProcessingRecord.h"
#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

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

// backfill.lock: BACKFILL_STATE, PROCESSED_AT.
struct IntentRow {
    std::string state;
    Poco::Nullable<Poco::Int64> processedAt;

    template <typename Columns>
    void columns(Columns& c) {
        c(state), c(processedAt);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::BackfillRow)
MSGX_ROW_TYPE_HANDLER(msgx::storage::IntentRow)

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

std::vector<BackfillTask> SqlBackfillQueue::claimDue(int maxCount, Clock::duration claimFor) {
    if (maxCount <= 0) {
        return {};
    }
    const Timestamp stamp = ctx_.now();
    const Timestamp claimedUntil = stamp + claimFor;
    return ctx_.pool->transact("store: claim due back-fills", [ctx = ctx_.statements, maxCount, stamp,
                                                               claimedUntil](Transaction& tx) {
        std::vector<BackfillRow> rows;
        tx.session() << ctx["backfill.claim"], bindMicros(stamp), bindInt(maxCount), into(rows), now;
        std::vector<BackfillTask> tasks;
        for (const auto& row : rows) {
            Statement update(tx.session());
            update << ctx["backfill.set-next"], bindMicros(claimedUntil), bindInt64(row.id);
            update.execute();
            // A DUE row always has both (processing.finish writes them together).
            tasks.push_back({row.id, row.status.isNull() ? std::string() : row.status.value(),
                             row.processedAt.isNull() ? stamp : timestampOf(row.processedAt.value()),
                             row.attempts});
        }
        return tasks;
    });
}

void SqlBackfillQueue::markDone(MailboxId id) {
    ctx_.pool->transact("store: mark the back-fill of " + std::to_string(id) + " done",
                        [ctx = ctx_.statements, id](Transaction& tx) {
                            Statement update(tx.session());
                            update << ctx["backfill.done"], bindInt64(id);
                            update.execute();
                        });
}

bool SqlBackfillQueue::markDoneIf(MailboxId id, Timestamp processedAt) {
    return ctx_.pool->transact(
        "store: mark the back-fill of " + std::to_string(id) + " done if still current",
        [ctx = ctx_.statements, id, processedAt](Transaction& tx) {
            std::vector<IntentRow> rows;
            tx.session() << ctx["backfill.lock"], bindInt64(id), into(rows), now;
            if (rows.empty() || rows.front().processedAt.isNull() ||
                timestampOf(rows.front().processedAt.value()) != processedAt) {
                return false; // gone, or a newer terminal commit recorded a newer intent
            }
            if (rows.front().state != backfillStateName(BackfillState::Due)) {
                return rows.front().state == backfillStateName(BackfillState::Done); // already done
            }
            Statement update(tx.session());
            update << ctx["backfill.done"], bindInt64(id);
            update.execute();
            return true;
        });
}

void SqlBackfillQueue::postpone(const std::vector<MailboxId>& ids, Timestamp nextAttemptAt) {
    if (ids.empty()) {
        return;
    }
    ctx_.pool->transact("store: postpone " + std::to_string(ids.size()) + " claimed back-fill(s)",
                        [ctx = ctx_.statements, ids, nextAttemptAt](Transaction& tx) {
                            for (const MailboxId id : ids) {
                                Statement update(tx.session());
                                update << ctx["backfill.release"], bindMicros(nextAttemptAt), bindInt64(id);
                                update.execute();
                            }
                        });
}

void SqlBackfillQueue::recordFailure(MailboxId id, Timestamp nextAttemptAt, const std::string& error) {
    ctx_.pool->transact("store: record a failed back-fill of " + std::to_string(id),
                        [ctx = ctx_.statements, id, nextAttemptAt, error](Transaction& tx) {
                            Statement update(tx.session());
                            update << ctx["backfill.failure"], bindMicros(nextAttemptAt),
                                ctx.text.longText(error), bindInt64(id);
                            update.execute();
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
