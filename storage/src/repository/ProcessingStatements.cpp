#include "repository/TableColumns.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addProcessingStatements(StatementCatalog& c, const Dialect& d) {
    const std::string columns = kProcStateColumns;
    c.add(d, "processing.enqueue",
          d.insertIfAbsent("PROC_STATE", {"CMINMSGS_ID"},
                           {"RAW_XML", "STATE", "NOTE", "ATTEMPTS", "RECEIVED_AT", "MAILBOX_STATUS",
                            "ENQUEUED_AT", "UPDATED_AT", "BACKFILL_STATE", "BACKFILL_ATTEMPTS"}));
    c.add(d, "processing.ids-in-range",
          "SELECT CMINMSGS_ID FROM PROC_STATE WHERE CMINMSGS_ID BETWEEN ? AND ?");
    c.add(d, "processing.archived-ids-in-range",
          "SELECT CMINMSGS_ID FROM PROC_STATE_HST WHERE CMINMSGS_ID BETWEEN ? AND ?");
    c.add(d, "processing.head",
          d.firstRows({columns, "PROC_STATE", "STATE IN ('PENDING', 'FAILED')", "CMINMSGS_ID", "CMINMSGS_ID",
                       RowLock::None}));
    c.add(d, "processing.find", "SELECT " + columns + " FROM PROC_STATE WHERE CMINMSGS_ID = ?");
    c.add(d, "processing.unfinished-count",
          "SELECT COUNT(*) FROM PROC_STATE WHERE STATE IN ('PENDING', 'FAILED')");
    c.add(
        d, "processing.lock",
        "SELECT STATE, ATTEMPTS, PROCESSING_STARTED_AT, IDENTITY_KEY FROM PROC_STATE WHERE CMINMSGS_ID = ?" +
            d.forUpdate());
    c.add(d, "processing.set-started",
          "UPDATE PROC_STATE SET PROCESSING_STARTED_AT = ?, UPDATED_AT = ? WHERE CMINMSGS_ID = ?");
    c.add(d, "processing.identity-holder", "SELECT CMINMSGS_ID FROM PROC_STATE WHERE IDENTITY_KEY = ?");
    c.add(d, "processing.archived-identity-holder",
          "SELECT CMINMSGS_ID FROM PROC_STATE_HST WHERE IDENTITY_KEY = ?");
    c.add(d, "processing.bind-identity",
          "UPDATE PROC_STATE SET IDENTITY_KEY = ?, UPDATED_AT = ? WHERE CMINMSGS_ID = ?");
    c.add(d, "processing.record-failure",
          "UPDATE PROC_STATE SET STATE = 'FAILED', ATTEMPTS = ?, ERROR_CLASS = ?, LAST_ERROR = ?,"
          " NEXT_ATTEMPT_AT = ?, UPDATED_AT = ? WHERE CMINMSGS_ID = ?");
    c.add(
        d, "processing.finish",
        "UPDATE PROC_STATE SET STATE = ?, ERROR_CLASS = ?, LAST_ERROR = ?, NOTE = ?, NEXT_ATTEMPT_AT = NULL,"
        " UPDATED_AT = ?, PROCESSED_AT = ?, BACKFILL_STATE = ?, BACKFILL_NEXT_AT = ?, BACKFILL_STATUS_VALUE "
        "= ?"
        " WHERE CMINMSGS_ID = ?");
}

} // namespace msgx::storage
