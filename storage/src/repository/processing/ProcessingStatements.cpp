#include "repository/processing/CommitStatements.h"
#include "repository/processing/EnqueueStatements.h"
#include "repository/rows/TableColumns.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addProcessingStatements(StatementCatalog& c, const Dialect& d) {
    // Every read of whole rows goes into ProcStateRow (SqlProcessingQueue.cpp): its long columns as
    // LongText, read whole again by processing.whole-texts where MySQL cut them.
    const ColumnNames longColumns{"RAW_XML", "LAST_ERROR", "NOTE", "BACKFILL_ERROR"};
    const std::string columns = selectList(d, kProcStateColumns, longColumns);
    const std::string wholeColumns = joinColumns(longColumns);
    // Two statements, not a UNION: MariaDB types a UNION of MEDIUMTEXT columns LONGTEXT, which Poco 1.11
    // cannot extract (sql/LongText.h).
    c.add(d, "processing.whole-texts", "SELECT " + wholeColumns + " FROM PROC_STATE WHERE CMINMSGS_ID = ?");
    c.add(d, "processing.whole-texts-archived",
          "SELECT " + wholeColumns + " FROM PROC_STATE_HST WHERE CMINMSGS_ID = ?");
    const ColumnNames enqueued{
        "RAW_XML",        "STATE",       "NOTE",       "ATTEMPTS",       "RECEIVED_AT",
        "MAILBOX_STATUS", "ENQUEUED_AT", "UPDATED_AT", "BACKFILL_STATE", "BACKFILL_ATTEMPTS"};
    c.add(d, "processing.enqueue", d.insertIfAbsent("PROC_STATE", {"CMINMSGS_ID"}, enqueued));
    // A poll's rows kEnqueuedPerInsert per statement, the rest kEnqueuedPerSmallInsert (one by one
    // on Oracle 11g): a backlog of 1,000 rows costs 20 round trips, not 1,000.
    if (d.hasMultiRowValues()) {
        c.add(d, "processing.enqueue-many",
              d.insertIfAbsentRows("PROC_STATE", {"CMINMSGS_ID"}, enqueued, kEnqueuedPerInsert));
        c.add(d, "processing.enqueue-few",
              d.insertIfAbsentRows("PROC_STATE", {"CMINMSGS_ID"}, enqueued, kEnqueuedPerSmallInsert));
    }
    c.add(d, "processing.ids-in-range",
          "SELECT CMINMSGS_ID FROM PROC_STATE WHERE CMINMSGS_ID BETWEEN ? AND ?");
    c.add(d, "processing.archived-ids-in-range",
          "SELECT CMINMSGS_ID FROM PROC_STATE_HST WHERE CMINMSGS_ID BETWEEN ? AND ?");
    // The smallest unfinished id at or above a floor (QueueHeadFloor; the smallest Int64 for a read
    // from the start) as two index seeks (STATE, CMINMSGS_ID), one per state, that start at the floor:
    // past the index entries every finished row below it left behind until VACUUM. A plain
    // `STATE IN (…) ORDER BY CMINMSGS_ID LIMIT 1` let PostgreSQL walk the primary key past every
    // finished row on each call: the pump's head read grew with the table (docs/performance.md).
    c.add(
        d, "processing.head-from",
        "SELECT " + columns +
            " FROM PROC_STATE WHERE CMINMSGS_ID = (SELECT MIN(HEAD_ID) FROM ("
            "SELECT MIN(CMINMSGS_ID) AS HEAD_ID FROM PROC_STATE WHERE STATE = 'PENDING' AND CMINMSGS_ID >= ?"
            " UNION ALL SELECT MIN(CMINMSGS_ID) AS HEAD_ID FROM PROC_STATE WHERE STATE = 'FAILED' AND"
            " CMINMSGS_ID >= ?) HEADS)");
    // The unfinished rows after the head within a window of ids, the first `limit` of them: the window
    // bounds what any plan reads, the limit what comes back (RAW_XML included).
    c.add(d, "processing.next-unfinished",
          d.firstRows({columns, "PROC_STATE",
                       "CMINMSGS_ID > ? AND CMINMSGS_ID <= ? AND STATE IN ('PENDING', 'FAILED')",
                       "CMINMSGS_ID", "CMINMSGS_ID", RowLock::None}));
    c.add(d, "processing.find", "SELECT " + columns + " FROM PROC_STATE WHERE CMINMSGS_ID = ?");
    c.add(d, "processing.find-archived", "SELECT " + columns + " FROM PROC_STATE_HST WHERE CMINMSGS_ID = ?");
    c.add(d, "processing.known-ids",
          "SELECT CMINMSGS_ID FROM PROC_STATE WHERE CMINMSGS_ID BETWEEN ? AND ? ORDER BY CMINMSGS_ID");
    c.add(d, "processing.known-archived-ids",
          "SELECT CMINMSGS_ID FROM PROC_STATE_HST WHERE CMINMSGS_ID BETWEEN ? AND ? ORDER BY CMINMSGS_ID");
    c.add(d, "processing.unfinished-count",
          "SELECT COUNT(*) FROM PROC_STATE WHERE STATE IN ('PENDING', 'FAILED')");
    c.add(d, "processing.lock",
          "SELECT STATE, ATTEMPTS, PROCESSING_STARTED_AT, IDENTITY_KEY, ERROR_CLASS FROM PROC_STATE WHERE"
          " CMINMSGS_ID = ?" +
              d.forUpdate());
    c.add(d, "processing.set-started",
          "UPDATE PROC_STATE SET PROCESSING_STARTED_AT = ?, UPDATED_AT = ? WHERE CMINMSGS_ID = ?");
    c.add(d, "processing.identity-holder", "SELECT CMINMSGS_ID FROM PROC_STATE WHERE IDENTITY_KEY = ?");
    c.add(d, "processing.archived-identity-holder",
          "SELECT CMINMSGS_ID FROM PROC_STATE_HST WHERE IDENTITY_KEY = ?");
    c.add(d, "processing.release-identity",
          "UPDATE PROC_STATE SET IDENTITY_KEY = NULL, UPDATED_AT = ? WHERE CMINMSGS_ID = ? AND IDENTITY_KEY "
          "= ?");
    c.add(d, "processing.release-archived-identity",
          "UPDATE PROC_STATE_HST SET IDENTITY_KEY = NULL WHERE CMINMSGS_ID = ? AND IDENTITY_KEY = ?");
    c.add(d, "processing.bind-identity",
          "UPDATE PROC_STATE SET IDENTITY_KEY = ?, UPDATED_AT = ? WHERE CMINMSGS_ID = ?");
    c.add(d, "processing.record-failure",
          "UPDATE PROC_STATE SET STATE = 'FAILED', ATTEMPTS = ?, ERROR_CLASS = ?, LAST_ERROR = ?,"
          " NEXT_ATTEMPT_AT = ?, UPDATED_AT = ? WHERE CMINMSGS_ID = ?");
    // The terminal write of a processing commit. IDENTITY_KEY and PROCESSING_STARTED_AT take the
    // bound value only when they are not set yet (a NULL parameter keeps them as they are); the
    // back-fill columns describe a new intent (attempts 0, no error) even after an earlier one was DONE.
    // kFinishesPerUpdate rows that end with the same outcome, in one statement: the per-row values
    // (the identity bound by the commit, the processing start) come through CASE on the id, so the
    // text is the same on every dialect and prepared once. Fill a short list by repeating its last row.
    std::string identityCase = "CASE CMINMSGS_ID";
    std::string startedCase = "CASE CMINMSGS_ID";
    std::string finishIds = "?";
    for (int i = 0; i < kFinishesPerUpdate; ++i) {
        identityCase += " WHEN ? THEN ?";
        startedCase += " WHEN ? THEN " + d.bigintParameter();
        if (i > 0) {
            finishIds += ", ?";
        }
    }
    c.add(
        d, "processing.finish",
        "UPDATE PROC_STATE SET STATE = ?, ERROR_CLASS = ?, LAST_ERROR = ?, NOTE = ?, NEXT_ATTEMPT_AT = NULL,"
        " IDENTITY_KEY = COALESCE(IDENTITY_KEY, " +
            identityCase + " END), PROCESSING_STARTED_AT = COALESCE(PROCESSING_STARTED_AT, " + startedCase +
            " END), UPDATED_AT = ?, PROCESSED_AT = ?, BACKFILL_STATE = ?, BACKFILL_ATTEMPTS = 0,"
            " BACKFILL_NEXT_AT = ?, BACKFILL_STATUS_VALUE = ?, BACKFILL_ERROR = NULL WHERE CMINMSGS_ID IN (" +
            finishIds + ")");
    // The rows of a batch of processing commits, locked in one round trip (ids of a batch are close).
    c.add(d, "processing.lock-range",
          "SELECT CMINMSGS_ID, STATE, ATTEMPTS, PROCESSING_STARTED_AT, IDENTITY_KEY, ERROR_CLASS FROM "
          "PROC_STATE"
          " WHERE CMINMSGS_ID BETWEEN ? AND ?" +
              d.forUpdate());
    // The holders of up to kIdentityKeysPerLookup identities (repeat the last key to fill the list)
    // in PROC_STATE and its archive, in one round trip.
    std::string keys = "?";
    for (int i = 1; i < kIdentityKeysPerLookup; ++i) {
        keys += ", ?";
    }
    c.add(d, "processing.identity-holders",
          "SELECT CMINMSGS_ID, IDENTITY_KEY FROM PROC_STATE WHERE IDENTITY_KEY IN (" + keys +
              ") UNION ALL SELECT CMINMSGS_ID, IDENTITY_KEY FROM PROC_STATE_HST WHERE IDENTITY_KEY IN (" +
              keys + ")");
    // A back-fill intent still due (the old DEAD status) is superseded: the replay's own terminal
    // commit records the next one (US-09.4). One already written (DONE) stays as it is.
    c.add(d, "processing.reset-for-replay",
          "UPDATE PROC_STATE SET STATE = 'PENDING', ATTEMPTS = 0, NEXT_ATTEMPT_AT = NULL,"
          " PROCESSING_STARTED_AT = NULL, NOTE = NULL, UPDATED_AT = ?,"
          " BACKFILL_STATE = CASE WHEN BACKFILL_STATE = 'DUE' THEN 'NONE' ELSE BACKFILL_STATE END,"
          " BACKFILL_NEXT_AT = NULL WHERE CMINMSGS_ID = ?");
    // `msgxctl messages`, `GET /ops/messages`: one statement per filter combination (a "? IS NULL
    // OR" condition would leave PostgreSQL without a type for the parameter and defeat the STATE
    // index). The name is processingListStatement()'s; parameters in the order of the conditions.
    for (const bool state : {false, true}) {
        for (const bool errorClass : {false, true}) {
            for (const bool from : {false, true}) {
                for (const bool before : {false, true}) {
                    std::string where = state ? "STATE = ? AND " : "";
                    where += errorClass ? "ERROR_CLASS = ? AND " : "";
                    where += from ? "ENQUEUED_AT >= ? AND " : "";
                    where += before ? "ENQUEUED_AT < ? AND " : "";
                    where += "CMINMSGS_ID > ?";
                    c.add(d, processingListStatement(state, errorClass, from, before),
                          d.firstRows(
                              {columns, "PROC_STATE", where, "CMINMSGS_ID", "CMINMSGS_ID", RowLock::None}));
                }
            }
        }
    }
    // The archived DEAD messages, listed beside the live ones (still repairable, docs/operations.md):
    // IX_PROC_STATE_HST_STATE (STATE, ERROR_CLASS, CMINMSGS_ID) of V12, a range in id order by class.
    for (const bool errorClass : {false, true}) {
        for (const bool from : {false, true}) {
            for (const bool before : {false, true}) {
                std::string where = "STATE = 'DEAD' AND ";
                where += errorClass ? "ERROR_CLASS = ? AND " : "";
                where += from ? "ENQUEUED_AT >= ? AND " : "";
                where += before ? "ENQUEUED_AT < ? AND " : "";
                where += "CMINMSGS_ID > ?";
                c.add(d, archivedDeadListStatement(errorClass, from, before),
                      d.firstRows(
                          {columns, "PROC_STATE_HST", where, "CMINMSGS_ID", "CMINMSGS_ID", RowLock::None}));
            }
        }
    }
    // The replay of an archived DEAD message moves its row back (SqlProcessingQueue::resetForReplay):
    // locked, copied into PROC_STATE as it was, deleted from history; the reset follows.
    c.add(d, "processing.lock-archived",
          "SELECT STATE, ATTEMPTS, PROCESSING_STARTED_AT, IDENTITY_KEY, ERROR_CLASS FROM PROC_STATE_HST WHERE"
          " CMINMSGS_ID = ?" +
              d.forUpdate());
    c.add(d, "processing.restore-archived",
          "INSERT INTO PROC_STATE (" + std::string(kProcStateColumns) + ") SELECT " + kProcStateColumns +
              " FROM PROC_STATE_HST WHERE CMINMSGS_ID = ?");
    c.add(d, "processing.delete-archived", "DELETE FROM PROC_STATE_HST WHERE CMINMSGS_ID = ?");
}

std::string archivedDeadListStatement(bool errorClass, bool enqueuedFrom, bool enqueuedBefore) {
    std::string name = "processing.list-archived-dead";
    name += errorClass ? "-in-class" : "";
    if (enqueuedFrom || enqueuedBefore) {
        name += enqueuedFrom ? (enqueuedBefore ? "-enqueued-between" : "-enqueued-from") : "-enqueued-before";
    }
    return name;
}

std::string processingListStatement(bool state, bool errorClass, bool enqueuedFrom, bool enqueuedBefore) {
    std::string name = "processing.list";
    if (state || errorClass) {
        name += state ? (errorClass ? "-in-state-class" : "-in-state") : "-in-class";
    }
    if (enqueuedFrom || enqueuedBefore) {
        name += enqueuedFrom ? (enqueuedBefore ? "-enqueued-between" : "-enqueued-from") : "-enqueued-before";
    }
    return name;
}

} // namespace msgx::storage
