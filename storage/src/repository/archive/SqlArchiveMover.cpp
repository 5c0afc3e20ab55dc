#include "repository/archive/SqlArchiveMover.h"

#include "repository/archive/HistoryCounts.h"
#include "repository/archive/HistoryTables.h"
#include "repository/events/DeliveredMarks.h"
#include "repository/processing/StateCounts.h"
#include "repository/rows/IdChunks.h"
#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

namespace msgx::storage {
namespace {

// A row due to move (archive.messages-due, archive.events-due): its id and the two columns its
// count is kept under (StateCounts.h).
struct DueRow {
    Poco::Int64 id = 0;
    std::string first;
    std::string second;

    template <typename Columns>
    void columns(Columns& c) {
        c(id), c(first), c(second);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::DueRow)

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

namespace {

// Moves the rows `dueStatement` selects (the cutoff bound `cutoffs` times, then the limit), one by
// one: copy with ARCHIVED_AT, then delete.
std::vector<DueRow> moveRows(Transaction& tx, const SqlContext& ctx, const char* dueStatement, int cutoffs,
                             const char* copyStatement, const char* deleteStatement, Timestamp cutoff,
                             int limit, Timestamp stamp) {
    std::vector<DueRow> rows;
    Statement due(tx.session());
    due << ctx[dueStatement];
    for (int i = 0; i < cutoffs; ++i) {
        due.addBind(bindMicros(cutoff));
    }
    due, bindInt(limit), into(rows);
    due.execute();
    for (const DueRow& row : rows) {
        Statement copy(tx.session());
        copy << ctx[copyStatement], bindMicros(stamp), bindInt64(row.id);
        copy.execute();
        Statement remove(tx.session());
        remove << ctx[deleteStatement], bindInt64(row.id);
        remove.execute();
    }
    return rows;
}

// Executes statement `name` (one IN list of kIdsPerStatement keys) for every chunk of `keys`; the rows
// it deleted, as the connector reports them (read only on SQLite, where that number is exact).
std::int64_t deleteByKeys(Transaction& tx, const SqlContext& ctx, const std::string& name,
                          const std::vector<std::int64_t>& keys) {
    std::int64_t deleted = 0;
    for (const auto& chunk : idChunks(keys)) {
        Statement statement(tx.session());
        statement << ctx[name];
        for (const std::int64_t key : chunk) {
            statement.addBind(bindInt64(key));
        }
        deleted += static_cast<std::int64_t>(statement.execute());
    }
    return deleted;
}

std::optional<std::int64_t> singleInteger(Transaction& tx, const SqlContext& ctx, const std::string& name,
                                          const std::optional<std::string>& parameter) {
    std::vector<Poco::Nullable<Poco::Int64>> values;
    Statement query(tx.session());
    query << ctx[name];
    if (parameter) {
        query, ctx.text.shortText(*parameter);
    }
    query, into(values);
    query.execute();
    if (values.empty() || values.front().isNull()) {
        return std::nullopt;
    }
    return values.front().value();
}

} // namespace

ArchiveReport SqlArchiveMover::archiveBefore(Timestamp cutoff, int limit) {
    if (limit <= 0) {
        return {};
    }
    const Timestamp stamp = ctx_.now();
    const bool keepCounts = keepsHistoryCounts(*ctx_.dialect);
    return ctx_.writerTransact("store: archive terminal rows", [ctx = ctx_.statements, cutoff, limit, stamp,
                                                                keepCounts](Transaction& tx) {
        ArchiveReport report;
        StateCountChanges counts;
        // Delivered events still PENDING under their mark are SENT first: they may move, and
        // their messages with them (archive.messages-due waits for a message's PENDING events).
        settleDeliveredMarks(tx, ctx, stamp);
        const auto messages = moveRows(tx, ctx, "archive.messages-due", 2, "archive.copy-message",
                                       "archive.delete-message", cutoff, limit, stamp);
        for (const DueRow& row : messages) { // (STATE, ERROR_CLASS as counted)
            counts.messages(StateCountChanges::MessageKey(row.first, errorClassOfCount(row.second)),
                            std::nullopt);
        }
        const auto events = moveRows(tx, ctx, "archive.events-due", 1, "archive.copy-event",
                                     "archive.delete-event", cutoff, limit, stamp);
        for (const DueRow& row : events) { // (TARGET, STATE)
            counts.events(row.first, -1);
            if (row.second == eventStateName(EventState::Dead)) {
                counts.deadEvents(row.first, -1);
            }
        }
        if (keepCounts) {
            addHistoryRows(tx, ctx, "PROC_STATE_HST", static_cast<std::int64_t>(messages.size()));
            addHistoryRows(tx, ctx, "MSG_EVENT_HST", static_cast<std::int64_t>(events.size()));
        }
        counts.write(tx, ctx);
        report.messages = static_cast<int>(messages.size());
        report.events = static_cast<int>(events.size());
        return report;
    });
}

PurgeReport SqlArchiveMover::purgeHistoryBefore(Timestamp cutoff, int limit) {
    if (limit <= 0) {
        return {};
    }
    const bool keepCounts = keepsHistoryCounts(*ctx_.dialect);
    return ctx_.writerTransact("store: purge history archived before the retention",
                               [ctx = ctx_.statements, cutoff, limit, keepCounts](Transaction& tx) {
                                   PurgeReport report;
                                   for (const auto& h : historyTables()) {
                                       std::vector<Poco::Int64> due;
                                       tx.session() << ctx[historyDueStatement(h.table)], bindMicros(cutoff),
                                           bindInt(limit), into(due), now;
                                       if (due.empty()) {
                                           continue;
                                       }
                                       const std::vector<std::int64_t> keys(due.begin(), due.end());
                                       for (const auto& dependent : h.dependents) {
                                           const auto deleted =
                                               deleteByKeys(tx, ctx, historyDeleteStatement(dependent), keys);
                                           if (keepCounts) {
                                               addHistoryRows(tx, ctx, dependent, -deleted);
                                           }
                                       }
                                       deleteByKeys(tx, ctx, historyDeleteStatement(h.table), keys);
                                       // The selected keys, locked: each is one row (the key is the table's
                                       // primary key).
                                       const auto rows = static_cast<std::int64_t>(keys.size());
                                       if (keepCounts) {
                                           addHistoryRows(tx, ctx, h.table, -rows);
                                       }
                                       report.rows[h.table] = rows;
                                       report.full = report.full || rows >= limit;
                                   }
                                   return report;
                               });
}

std::vector<TableSize> SqlArchiveMover::tableSizes() {
    const bool keepCounts = keepsHistoryCounts(*ctx_.dialect);
    return ctx_.pool->transact("store: read the sizes of the tables", [ctx = ctx_.statements,
                                                                       keepCounts](Transaction& tx) {
        std::vector<TableSize> sizes;
        const auto estimate = [&](const std::string& table) {
            auto rows = singleInteger(tx, ctx, "tables.estimate", table);
            return rows && *rows >= 0 ? rows : std::nullopt; // -1: PostgreSQL never analysed it
        };
        for (const auto& live : liveTables()) {
            TableSize size;
            size.table = live.table;
            if (keepCounts) {
                size.rows = singleInteger(tx, ctx, liveCountStatement(live.table), std::nullopt);
                size.rowsSource = "counted";
            } else {
                size.rows = estimate(live.table);
                size.rowsSource = "estimate";
            }
            if (const auto oldest = singleInteger(tx, ctx, liveOldestStatement(live.table), std::nullopt)) {
                size.oldest = timestampOf(*oldest);
            }
            size.oldestBy = live.oldestBy;
            sizes.push_back(std::move(size));
        }
        for (const auto& h : historyTables()) {
            auto sized = [&](const std::string& table) {
                TableSize size;
                size.table = table;
                size.history = true;
                if (keepCounts) {
                    size.rows = singleInteger(tx, ctx, "history.kept-read", table).value_or(0);
                    size.rowsSource = "kept";
                } else {
                    size.rows = estimate(table);
                    size.rowsSource = "estimate";
                }
                return size;
            };
            TableSize size = sized(h.table);
            if (const auto oldest = singleInteger(tx, ctx, historyOldestStatement(h.table), std::nullopt)) {
                size.oldest = timestampOf(*oldest);
            }
            size.oldestBy = "ARCHIVED_AT";
            sizes.push_back(std::move(size));
            for (const auto& dependent : h.dependents) {
                sizes.push_back(sized(dependent));
            }
        }
        return sizes;
    });
}

} // namespace msgx::storage
