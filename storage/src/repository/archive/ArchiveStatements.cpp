#include "repository/archive/HistoryTables.h"
#include "repository/processing/StateCounts.h"
#include "repository/rows/IdChunks.h"
#include "repository/rows/TableColumns.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addArchiveStatements(StatementCatalog& c, const Dialect& d) {
    const std::string messageColumns = kProcStateColumns;
    const std::string eventColumns = kEventColumns;
    // By receive time (US-11/1): the mailbox's RECEIVED_AT, else the time the row was queued. Both
    // halves are ranges of IX_PROC_STATE_RECEIVED (V12); the cutoff is bound twice.
    c.add(d, "archive.messages-due",
          d.firstRows({std::string("CMINMSGS_ID, STATE, COALESCE(ERROR_CLASS, '") + kNoErrorClassCount + "')",
                       "PROC_STATE",
                       "STATE IN ('SUCCEEDED', 'SKIPPED', 'DEAD')"
                       " AND (RECEIVED_AT < ? OR (RECEIVED_AT IS NULL AND ENQUEUED_AT < ?))"
                       " AND BACKFILL_STATE <> 'DUE'"
                       " AND NOT EXISTS (SELECT 1 FROM MSG_EVENT E WHERE E.SOURCE_ID = PROC_STATE.CMINMSGS_ID"
                       " AND E.STATE = 'PENDING')",
                       "CMINMSGS_ID", "CMINMSGS_ID", RowLock::Wait}));
    c.add(d, "archive.copy-message",
          "INSERT INTO PROC_STATE_HST (" + messageColumns + ", ARCHIVED_AT) SELECT " + messageColumns + ", " +
              d.bigintParameter() + " FROM PROC_STATE WHERE CMINMSGS_ID = ?");
    c.add(d, "archive.delete-message", "DELETE FROM PROC_STATE WHERE CMINMSGS_ID = ?");
    c.add(d, "archive.events-due",
          d.firstRows({"EVENT_ID, TARGET, STATE", "MSG_EVENT", "STATE IN ('SENT', 'DEAD') AND CREATED_AT < ?",
                       "EVENT_ID", "EVENT_ID", RowLock::Wait}));
    c.add(d, "archive.copy-event",
          "INSERT INTO MSG_EVENT_HST (" + eventColumns + ", ARCHIVED_AT) SELECT " + eventColumns + ", " +
              d.bigintParameter() + " FROM MSG_EVENT WHERE EVENT_ID = ?");
    c.add(d, "archive.delete-event", "DELETE FROM MSG_EVENT WHERE EVENT_ID = ?");

    // history.retention (HistoryTables.h): per history table the keys of its oldest archived rows,
    // locked, then their rows deleted kIdsPerStatement keys per statement, dependents first.
    for (const auto& h : historyTables()) {
        c.add(
            d, historyDueStatement(h.table),
            d.firstRows({h.key, h.table, "ARCHIVED_AT < ?", "ARCHIVED_AT, " + h.key, h.key, RowLock::Wait}));
        for (const auto& table : h.dependents) {
            c.add(d, historyDeleteStatement(table),
                  "DELETE FROM " + table + " WHERE " + h.key + " IN (" + idListMarkers() + ")");
        }
        c.add(d, historyDeleteStatement(h.table),
              "DELETE FROM " + h.table + " WHERE " + h.key + " IN (" + idListMarkers() + ")");
        // IX_*_HST_ARCHIVED (V12): one end of the index.
        c.add(d, historyOldestStatement(h.table), "SELECT MIN(ARCHIVED_AT) FROM " + h.table);
    }
    for (const auto& live : liveTables()) {
        c.add(d, liveOldestStatement(live.table), live.oldestQuery);
    }
    const std::string estimate = d.tableRowsEstimateQuery();
    if (!estimate.empty()) {
        c.add(d, "tables.estimate", estimate);
    } else {
        // SQLite: no estimate of its own. A history table's rows are kept (HST_ROW_COUNT, V12) by the
        // transactions that change them; a live table, bounded by archive.retention, is counted.
        c.add(d, "history.kept-add", d.addToCount("HST_ROW_COUNT", {"TABLE_NAME"}, "KEPT_ROWS"));
        c.add(d, "history.kept-read", "SELECT KEPT_ROWS FROM HST_ROW_COUNT WHERE TABLE_NAME = ?");
        for (const auto& live : liveTables()) {
            c.add(d, liveCountStatement(live.table), "SELECT COUNT(*) FROM " + live.table);
        }
    }
}

} // namespace msgx::storage
