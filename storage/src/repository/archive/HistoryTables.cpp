#include "repository/archive/HistoryTables.h"

namespace msgx::storage {

// A new history table is one more entry here (its live table one more in liveTables()); whatever
// moves rows into or out of it adds them to the kept count on SQLite (addHistoryRows).
const std::vector<HistoryTable>& historyTables() {
    static const std::vector<HistoryTable> tables{
        {"PROC_STATE_HST", "CMINMSGS_ID", {}},
        {"MSG_EVENT_HST", "EVENT_ID", {}},
        // The flight history (V13, SqlFlightHistory). FLID is not unique there (a FLID created again
        // after flights.revive-within moves again): a purged FLID takes its later rows along, which
        // needs that FLID to be reused after history.retention, not a case of AODB's ids.
        {"FLIGHT_HST", "FLID", {"FLIGHT_DETAIL_HST"}},
    };
    return tables;
}

const std::vector<LiveTable>& liveTables() {
    static const std::vector<LiveTable> tables{
        // IX_PROC_STATE_RECEIVED (V12): the receive time the archive moves rows by.
        {"PROC_STATE", "RECEIVED_AT", "SELECT MIN(RECEIVED_AT) FROM PROC_STATE"},
        // The smallest EVENT_ID (the primary key) is the oldest event.
        {"MSG_EVENT", "CREATED_AT",
         "SELECT CREATED_AT FROM MSG_EVENT WHERE EVENT_ID = (SELECT MIN(EVENT_ID) FROM MSG_EVENT)"},
        // IX_FLIGHT_SODT: the live flight scheduled first.
        {"FLIGHT", "SODT", "SELECT MIN(SODT) FROM FLIGHT"},
    };
    return tables;
}

std::string historyDueStatement(const std::string& table) {
    return "history.due-" + table;
}

std::string historyDeleteStatement(const std::string& table) {
    return "history.delete-" + table;
}

std::string historyOldestStatement(const std::string& table) {
    return "history.oldest-" + table;
}

std::string liveOldestStatement(const std::string& table) {
    return "tables.oldest-" + table;
}

std::string liveCountStatement(const std::string& table) {
    return "tables.count-" + table;
}

} // namespace msgx::storage
