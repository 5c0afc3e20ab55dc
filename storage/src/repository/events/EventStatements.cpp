#include "repository/processing/CommitStatements.h"
#include "repository/rows/IdChunks.h"
#include "repository/rows/TableColumns.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addEventStatements(StatementCatalog& c, const Dialect& d) {
    // Every read of whole rows goes into EventRow (SqlEventOutbox.cpp), its long columns as LongText;
    // a sender's read of the due events (event.next-due) into the narrower DueEventRow.
    const ColumnNames longColumns{"PAYLOAD", "LAST_ERROR"};
    const std::string columns = selectList(d, kEventColumns, longColumns);
    c.add(d, "event.whole-texts",
          "SELECT " + joinColumns(longColumns) + " FROM MSG_EVENT WHERE EVENT_ID = ?");
    c.add(d, "event.insert",
          d.insertGeneratingId("MSG_EVENT", "EVENT_ID", "MSG_EVENT_SEQ",
                               {"TARGET", "FLID", "PAYLOAD", "STATE", "ATTEMPTS", "NEXT_ATTEMPT_AT",
                                "SOURCE_ID", "CREATED_AT"}));
    // event.insert-<rows>, for each of kEventRowSizes: the processing commits of a batch write their
    // events together. The rows take their EVENT_IDs in VALUES order (identity / auto-increment /
    // rowid, one writer). Not on Oracle: its multi-row insert takes one NEXTVAL for all rows, and CLOB
    // values must not be bound in a select list; it inserts the events one by one.
    if (d.kind() != SqlDialect::Oracle) {
        const ColumnNames eventColumns{"TARGET",          "FLID",      "PAYLOAD",   "STATE", "ATTEMPTS",
                                       "NEXT_ATTEMPT_AT", "SOURCE_ID", "CREATED_AT"};
        for (const int rows : kEventRowSizes) {
            std::string sql = d.insertGeneratingId("MSG_EVENT", "EVENT_ID", "MSG_EVENT_SEQ", eventColumns);
            for (int row = 1; row < rows; ++row) {
                sql += ", (" + placeholdersFor(eventColumns) + ")";
            }
            c.add(d, ladderStatementName("event.insert", rows), sql);
        }
    }
    // Above the target's delivered mark: an index seek on IX_MSG_EVENT_TARGET (TARGET, STATE,
    // EVENT_ID) past every delivered row, also past the dead index entries their SENT updates leave
    // until vacuum (scanning those from the start of PENDING made each read slower as rows piled up).
    c.add(d, "event.head",
          d.firstRows({columns, "MSG_EVENT", "TARGET = ? AND STATE = 'PENDING' AND EVENT_ID > ?", "EVENT_ID",
                       "EVENT_ID", RowLock::None}));
    c.add(d, "event.whole-payload", "SELECT PAYLOAD FROM MSG_EVENT WHERE EVENT_ID = ?");
    c.add(d, "event.next-due",
          d.firstRows({selectList(d, kDueEventColumns, {"PAYLOAD"}), "MSG_EVENT",
                       "TARGET = ? AND STATE = 'PENDING' AND EVENT_ID > ?", "EVENT_ID", "EVENT_ID",
                       RowLock::None}));
    c.add(d, "event.find", "SELECT " + columns + " FROM MSG_EVENT WHERE EVENT_ID = ?");
    // kIdsPerStatement events each (IdChunks.h): postpones act on batches.
    c.add(d, "event.set-next-attempt",
          "UPDATE MSG_EVENT SET NEXT_ATTEMPT_AT = ? WHERE STATE = 'PENDING' AND EVENT_ID IN (" +
              idListMarkers() + ")");
    c.add(d, "event.mark-sent",
          "UPDATE MSG_EVENT SET STATE = 'SENT', SENT_AT = ? WHERE TARGET = ? AND STATE = 'PENDING'"
          " AND EVENT_ID > ? AND EVENT_ID <= ?");
    c.add(d, "event.record-failure",
          "UPDATE MSG_EVENT SET ATTEMPTS = ATTEMPTS + 1, NEXT_ATTEMPT_AT = ?, LAST_ERROR = ?"
          " WHERE EVENT_ID = ? AND STATE = 'PENDING'");
    c.add(d, "event.mark-dead",
          "UPDATE MSG_EVENT SET STATE = 'DEAD', LAST_ERROR = ? WHERE EVENT_ID = ? AND STATE = 'PENDING'");
    // The delivered marks (DeliveredMarks.h) and what the readers of states need of them.
    c.add(d, "event.delivered-marks",
          "SELECT CURSOR_NAME, WATERMARK FROM INBOX_CURSOR WHERE CURSOR_NAME LIKE 'delivery-sent:%'");
    c.add(d, "event.pending-above",
          "SELECT COUNT(*), MIN(CREATED_AT) FROM MSG_EVENT WHERE TARGET = ? AND STATE = 'PENDING' AND "
          "EVENT_ID > ?");
    c.add(d, "event.list-sent",
          d.firstRows(
              {columns, "MSG_EVENT",
               "TARGET = ? AND EVENT_ID > ? AND (STATE = 'SENT' OR (STATE = 'PENDING' AND EVENT_ID <= ?))",
               "EVENT_ID", "EVENT_ID", RowLock::None}));
    c.add(d, "event.pending-count",
          "SELECT COUNT(*) FROM MSG_EVENT WHERE TARGET = ? AND STATE = 'PENDING' AND EVENT_ID > ?");
    c.add(d, "event.dead-count", "SELECT COUNT(*) FROM MSG_EVENT WHERE TARGET = ? AND STATE = 'DEAD'");
    c.add(d, "event.newest-dead-id",
          "SELECT MAX(EVENT_ID) FROM MSG_EVENT WHERE TARGET = ? AND STATE = 'DEAD'");
    c.add(d, "event.lock-state", "SELECT TARGET, STATE FROM MSG_EVENT WHERE EVENT_ID = ?" + d.forUpdate());
    c.add(d, "event.lock-dead",
          "SELECT EVENT_ID FROM MSG_EVENT WHERE TARGET = ? AND STATE = 'DEAD'" + d.forUpdate());
    c.add(d, "event.requeue-dead",
          "UPDATE MSG_EVENT SET STATE = 'PENDING', ATTEMPTS = 0, NEXT_ATTEMPT_AT = ?"
          " WHERE EVENT_ID = ? AND STATE = 'DEAD'");
    c.add(d, "event.newest-dead",
          d.firstRows({columns, "MSG_EVENT", "TARGET = ? AND STATE = 'DEAD'", "EVENT_ID DESC", "EVENT_ID",
                       RowLock::None}));
    // EventOutbox::bySources: kIdsPerStatement source messages per statement (IdChunks.h). SOURCE_ID
    // has no index: each statement scans MSG_EVENT, which holds the online events only (ArchiveMover).
    c.add(d, "event.by-sources",
          "SELECT " + columns + " FROM MSG_EVENT WHERE SOURCE_ID IN (" + idListMarkers() +
              ") ORDER BY EVENT_ID");
    c.add(d, "event.list",
          d.firstRows(
              {columns, "MSG_EVENT", "TARGET = ? AND EVENT_ID > ?", "EVENT_ID", "EVENT_ID", RowLock::None}));
    c.add(d, "event.list-in-state",
          d.firstRows({columns, "MSG_EVENT", "TARGET = ? AND STATE = ? AND EVENT_ID > ?", "EVENT_ID",
                       "EVENT_ID", RowLock::None}));
}

} // namespace msgx::storage
