#include "repository/processing/StateCounts.h"
#include "repository/rows/TableColumns.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addArchiveStatements(StatementCatalog& c, const Dialect& d) {
    const std::string messageColumns = kProcStateColumns;
    const std::string eventColumns = kEventColumns;
    c.add(d, "archive.messages-due",
          d.firstRows(
              {std::string("CMINMSGS_ID, STATE, COALESCE(ERROR_CLASS, '") + kNoErrorClassCount + "')",
               "PROC_STATE",
               "STATE IN ('SUCCEEDED', 'SKIPPED', 'DEAD') AND UPDATED_AT < ? AND BACKFILL_STATE <> 'DUE'"
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
}

} // namespace msgx::storage
