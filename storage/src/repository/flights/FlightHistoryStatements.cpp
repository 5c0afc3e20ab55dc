#include "repository/flights/FlightColumns.h"
#include "repository/rows/IdChunks.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

// FLIGHT_HST and FLIGHT_DETAIL_HST (migration V13): the sweep's move (SqlFlightHistory), the reads
// of a group in the history (SqlFlightRepository::historyGroupsOf) and its move back in a
// processing commit (HistoryRevival).
void addFlightHistoryStatements(StatementCatalog& c, const Dialect& d) {
    const std::string columns = joinColumns(flightColumns());
    const ColumnNames values(flightColumns().begin() + 1, flightColumns().end()); // all but FLID
    const std::string p = d.bigintParameter();
    c.add(d, "flight-history.candidates",
          d.firstRows(
              {"FLID", "FLIGHT", "SODT < ? AND UPDATED_AT < ? AND FLID > ?", "FLID", "FLID", RowLock::None}));
    // The version the sweep checked, read under a row lock before the copy (a row count of
    // INSERT ... SELECT is not what every connector reports: ODBC says 1 for none).
    c.add(d, "flight-history.lock-version",
          "SELECT STATE_VERSION FROM FLIGHT WHERE FLID = ?" + d.forUpdate());
    c.add(d, "flight-history.copy-flight",
          "INSERT INTO FLIGHT_HST (FLID, ARCHIVED_AT, GROUP_FLID, " + joinColumns(values) +
              ") SELECT FLID, " + p + ", " + p + ", " + joinColumns(values) + " FROM FLIGHT WHERE FLID = ?");
    c.add(d, "flight-history.copy-details",
          "INSERT INTO FLIGHT_DETAIL_HST (FLID, ARCHIVED_AT, LIST_NAME, SEQ, ITEM) SELECT FLID, " + p +
              ", LIST_NAME, SEQ, ITEM FROM FLIGHT_DETAIL WHERE FLID = ?");
    c.add(d, "flight-history.delete-flight", "DELETE FROM FLIGHT WHERE FLID = ?");

    // Reads of the history (the pump's view of a flight FLIGHT does not hold).
    c.add(d, "flight-history.groups-of",
          "SELECT FLID, GROUP_FLID, ARCHIVED_AT FROM FLIGHT_HST WHERE FLID IN (" + idListMarkers() +
              ") AND ARCHIVED_AT >= ?");
    c.add(d, "flight-history.group",
          "SELECT " + selectList(d, columns, {"ATTRIBUTES"}) +
              ", ARCHIVED_AT, GROUP_FLID FROM FLIGHT_HST WHERE GROUP_FLID = ? AND ARCHIVED_AT = ? ORDER BY "
              "FLID");
    c.add(d, "flight-history.group-details",
          "SELECT FLID, ARCHIVED_AT, LIST_NAME, SEQ, " + d.longTextRead("ITEM") +
              " FROM FLIGHT_DETAIL_HST WHERE ARCHIVED_AT = ? AND FLID IN (SELECT FLID FROM FLIGHT_HST WHERE"
              " GROUP_FLID = ? AND ARCHIVED_AT = ?) ORDER BY FLID, LIST_NAME, SEQ");
    c.add(d, "flight-history.whole-attributes",
          "SELECT ATTRIBUTES FROM FLIGHT_HST WHERE FLID = ? AND ARCHIVED_AT = ?");
    c.add(d, "flight-history.whole-item",
          "SELECT ITEM FROM FLIGHT_DETAIL_HST WHERE FLID = ? AND ARCHIVED_AT = ? AND LIST_NAME = ? AND SEQ = "
          "?");

    // The move back of a group (HistoryRevival): its latest group, its rows into FLIGHT and
    // FLIGHT_DETAIL as they were, then out of the history.
    c.add(d, "flight-history.latest-group",
          d.firstRows({"GROUP_FLID, ARCHIVED_AT", "FLIGHT_HST", "FLID = ?", "ARCHIVED_AT DESC", "FLID",
                       RowLock::None}));
    c.add(d, "flight-history.revive-flights",
          "INSERT INTO FLIGHT (" + columns + ") SELECT " + columns +
              " FROM FLIGHT_HST WHERE GROUP_FLID = ? AND ARCHIVED_AT = ?");
    c.add(d, "flight-history.revive-details",
          "INSERT INTO FLIGHT_DETAIL (FLID, LIST_NAME, SEQ, ITEM) SELECT FLID, LIST_NAME, SEQ, ITEM FROM"
          " FLIGHT_DETAIL_HST WHERE ARCHIVED_AT = ? AND FLID IN (SELECT FLID FROM FLIGHT_HST WHERE "
          "GROUP_FLID = ?"
          " AND ARCHIVED_AT = ?)");
    c.add(d, "flight-history.forget-group-details",
          "DELETE FROM FLIGHT_DETAIL_HST WHERE ARCHIVED_AT = ? AND FLID IN (SELECT FLID FROM FLIGHT_HST WHERE"
          " GROUP_FLID = ? AND ARCHIVED_AT = ?)");
    c.add(d, "flight-history.forget-group",
          "DELETE FROM FLIGHT_HST WHERE GROUP_FLID = ? AND ARCHIVED_AT = ?");
}

} // namespace msgx::storage
