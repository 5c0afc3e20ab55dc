#include "repository/IdChunks.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addBackfillStatements(StatementCatalog& c, const Dialect& d) {
    // Any due rows, unordered: with an ORDER BY, PostgreSQL (statistics from when the table was
    // small) read and sorted every due row per claim (5-8 ms with ~10,000 due rows during a burst;
    // docs/performance.md); without one the scan stops after maxCount rows. Back-fill order does not
    // matter, and every claimed row leaves the due set (done, or postponed with its backoff).
    c.add(d, "backfill.claim",
          d.firstRows({"CMINMSGS_ID, BACKFILL_STATUS_VALUE, PROCESSED_AT, BACKFILL_ATTEMPTS", "PROC_STATE",
                       "BACKFILL_STATE = 'DUE' AND BACKFILL_NEXT_AT <= ?", "", "CMINMSGS_ID",
                       RowLock::SkipLocked}));
    // kIdsPerStatement intents each (IdChunks.h).
    const std::string ids = "CMINMSGS_ID IN (" + idListMarkers() + ")";
    c.add(d, "backfill.set-next", "UPDATE PROC_STATE SET BACKFILL_NEXT_AT = ? WHERE " + ids);
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
