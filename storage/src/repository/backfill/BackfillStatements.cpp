#include "repository/rows/IdChunks.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addBackfillStatements(StatementCatalog& c, const Dialect& d) {
    // The due rows after the worker's cursor in id order, locking nothing (BackfillQueue::nextDue):
    // IX_PROC_STATE_BACKFILL_DUE (BACKFILL_STATE, CMINMSGS_ID) is that order, so the scan starts at
    // the cursor and stops after maxCount rows, past none of the entries finished back-fills left
    // behind below it (V10, docs/performance.md).
    c.add(d, "backfill.next-due",
          d.firstRows({"CMINMSGS_ID, BACKFILL_STATUS_VALUE, PROCESSED_AT, BACKFILL_ATTEMPTS", "PROC_STATE",
                       "BACKFILL_STATE = 'DUE' AND CMINMSGS_ID > ? AND BACKFILL_NEXT_AT <= ?", "CMINMSGS_ID",
                       "CMINMSGS_ID", RowLock::None}));
    // kIdsPerStatement intents each (IdChunks.h).
    const std::string ids = "CMINMSGS_ID IN (" + idListMarkers() + ")";
    c.add(d, "backfill.release",
          "UPDATE PROC_STATE SET BACKFILL_NEXT_AT = ? WHERE BACKFILL_STATE = 'DUE' AND " + ids);
    c.add(d, "backfill.done",
          "UPDATE PROC_STATE SET BACKFILL_STATE = 'DONE', BACKFILL_NEXT_AT = NULL, BACKFILL_ERROR = NULL"
          " WHERE BACKFILL_STATE = 'DUE' AND " +
              ids);
    c.add(d, "backfill.failure",
          "UPDATE PROC_STATE SET BACKFILL_ATTEMPTS = BACKFILL_ATTEMPTS + 1, BACKFILL_NEXT_AT = ?, "
          "BACKFILL_ERROR = ?"
          " WHERE CMINMSGS_ID = ? AND BACKFILL_STATE = 'DUE'");
    c.add(d, "backfill.due-count", "SELECT COUNT(*) FROM PROC_STATE WHERE BACKFILL_STATE = 'DUE'");
    c.add(d, "backfill.oldest-due", "SELECT MIN(PROCESSED_AT) FROM PROC_STATE WHERE BACKFILL_STATE = 'DUE'");
    // markDoneIf: the rows of the intents, to compare their PROCESSED_AT before marking them.
    c.add(d, "backfill.lock",
          "SELECT CMINMSGS_ID, BACKFILL_STATE, PROCESSED_AT FROM PROC_STATE WHERE " + ids + d.forUpdate());
}

} // namespace msgx::storage
