#include "repository/flights/FlightColumns.h"
#include "repository/processing/CommitStatements.h"
#include "repository/rows/IdChunks.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addFlightStatements(StatementCatalog& c, const Dialect& d) {
    // Every read of whole rows goes into FlightRow / FlightDetailRow (SqlFlightRepository.cpp), the long
    // columns as LongText, read whole again by the *-whole-* statements where MySQL cut them.
    const std::string columns = selectList(d, joinColumns(flightColumns()), {"ATTRIBUTES"});
    const std::string item = d.longTextRead("ITEM");
    c.add(d, "flight.whole-attributes", "SELECT ATTRIBUTES FROM FLIGHT WHERE FLID = ?");
    c.add(d, "flight.whole-item",
          "SELECT ITEM FROM FLIGHT_DETAIL WHERE FLID = ? AND LIST_NAME = ? AND SEQ = ?");
    c.add(d, "flight.by-flid", "SELECT " + columns + " FROM FLIGHT WHERE FLID = ?");
    c.add(d, "flight.shared-of",
          "SELECT " + columns + " FROM FLIGHT WHERE MAID = ? AND DELETED = 0 ORDER BY FLID");
    c.add(d, "flight.linking-to",
          "SELECT " + columns + " FROM FLIGHT WHERE LINK_FLID = ? AND DELETED = 0 ORDER BY FLID");
    // FlightRepository::liveMasterFlids: a range scan of the primary key from afterFlid, the
    // conditions checked on the rows it walks (deleted and shared flights are few).
    c.add(d, "flight.live-master-flids",
          d.firstRows({"FLID", "FLIGHT", "FLID > ? AND DELETED = 0 AND MAID IS NULL", "FLID", "FLID",
                       RowLock::None}));
    // FlightRepository::byFlids: kIdsPerStatement flights, and their detail rows, per round trip.
    c.add(d, "flight.by-flids", "SELECT " + columns + " FROM FLIGHT WHERE FLID IN (" + idListMarkers() + ")");
    // FlightRepository::byFlidsWithRelated: sharedFlightsOf and linkingTo of kIdsPerStatement flights
    // at once (IX_FLIGHT_MAID, IX_FLIGHT_LINK_FLID), each flight once.
    c.add(d, "flight.related-to",
          "SELECT " + columns + " FROM FLIGHT WHERE DELETED = 0 AND (MAID IN (" + idListMarkers() +
              ") OR LINK_FLID IN (" + idListMarkers() + "))");
    c.add(d, "flight.details-of",
          "SELECT FLID, LIST_NAME, SEQ, " + item + " FROM FLIGHT_DETAIL WHERE FLID IN (" + idListMarkers() +
              ") ORDER BY FLID, LIST_NAME, SEQ");
    c.add(d, "flight.details",
          "SELECT FLID, LIST_NAME, SEQ, " + item +
              " FROM FLIGHT_DETAIL WHERE FLID = ? ORDER BY LIST_NAME, SEQ");
    // The flights a batch of processing commits changes, kIdsPerStatement per round trip (IdChunks.h).
    c.add(d, "flight.lock-versions",
          "SELECT FLID, STATE_VERSION FROM FLIGHT WHERE FLID IN (" + idListMarkers() + ")" + d.forUpdate());
    c.add(d, "flight.insert", insertInto("FLIGHT", flightColumns()));
    // kFlightsPerInsert new flights in one statement (a snapshot creates thousands); not on Oracle
    // 11g (no multi-row VALUES, no CLOB binds in a select list).
    if (d.kind() != SqlDialect::Oracle) {
        c.add(d, "flight.insert-many", insertInto("FLIGHT", flightColumns(), kFlightsPerInsert));
        // The flights a batch updates, flight.update-<rows> for each of kFlightUpdateRowSizes, the
        // last one by flight.update-one: an upsert by FLID is the one multi-row UPDATE by key that
        // PostgreSQL, MySQL/MariaDB and SQLite share. Its rows exist and are locked
        // (flight.lock-versions), so it never inserts; CREATED_AT is bound only because the insert half
        // needs every column.
        const ColumnNames values(flightColumns().begin() + 1, flightColumns().end()); // all but FLID
        for (const int rows : kFlightUpdateRowSizes) {
            c.add(d, ladderStatementName("flight.update", rows),
                  d.upsertRows("FLIGHT", {"FLID"}, values, rows, {"CREATED_AT"}));
        }
        c.add(d, "flight.update-one", d.upsertRows("FLIGHT", {"FLID"}, values, 1, {"CREATED_AT"}));
    }
    c.add(d, "flight.update",
          "UPDATE FLIGHT SET FFID = ?, ALCD = ?, FLNO = ?, MVIN = ?, SODT = ?, MAID = ?, LINK_FLID = ?, "
          "DELETED = 0,"
          " STATE_VERSION = ?, ATTRIBUTES = ?, UPDATED_AT = ? WHERE FLID = ?");
    c.add(d, "flight.mark-deleted",
          "UPDATE FLIGHT SET DELETED = 1, STATE_VERSION = ?, UPDATED_AT = ? WHERE FLID = ?");
    c.add(d, "flight.delete-list", "DELETE FROM FLIGHT_DETAIL WHERE FLID = ? AND LIST_NAME = ?");
    c.add(d, "flight.delete-all-lists", "DELETE FROM FLIGHT_DETAIL WHERE FLID = ?");
    // The lists a batch replaces, kListsPerDelete per statement (a short set repeats its last pair);
    // like the other multi-row statements of the commit, not on Oracle 11g.
    if (d.hasMultiRowValues()) {
        std::string lists = "DELETE FROM FLIGHT_DETAIL WHERE (FLID = ? AND LIST_NAME = ?)";
        for (int i = 1; i < kListsPerDelete; ++i) {
            lists += " OR (FLID = ? AND LIST_NAME = ?)";
        }
        c.add(d, "flight.delete-lists", lists);
    }
    c.add(d, "flight.insert-item",
          "INSERT INTO FLIGHT_DETAIL (FLID, LIST_NAME, SEQ, ITEM) VALUES (?, ?, ?, ?)");
    // flight.insert-items-<rows>, for each of kItemRowSizes (a snapshot writes thousands of detail
    // rows, a batch of messages tens). Not on Oracle 11g, which has no multi-row VALUES and must not
    // bind CLOBs in a select list: one by one there.
    if (d.hasMultiRowValues()) {
        const ColumnNames itemColumns{"FLID", "LIST_NAME", "SEQ", "ITEM"};
        for (const int rows : kItemRowSizes) {
            c.add(d, ladderStatementName("flight.insert-items", rows),
                  insertInto("FLIGHT_DETAIL", itemColumns, rows));
        }
    }
}

} // namespace msgx::storage
