#pragma once

#include <string>
#include <vector>

// The own store's history tables and their live tables, as one list: what the purge of
// history.retention deletes (SqlArchiveMover::purgeHistoryBefore), what `msgxctl status` sizes
// (tableSizes) and the statements of both (ArchiveStatements.cpp: "history.*" and "tables.*" named
// after the tables). A new history table is one more entry of historyTables() (and its live table one
// more of liveTables()); the statements, the purge, the kept count and the status follow from it.
namespace msgx::storage {

// A history table the purge keeps within history.retention.
struct HistoryTable {
    std::string table; // "PROC_STATE_HST"; every history table has ARCHIVED_AT, indexed
    // The key the purge selects and deletes by (an integer column): the oldest ARCHIVED_AT first,
    // locked, then `DELETE … WHERE key IN (…)`. Every row with a selected key goes, also a second row
    // with the same key.
    std::string key;
    // Tables whose rows with the same key value belong to a purged row and are deleted with it, first
    // (FLIGHT_DETAIL_HST by FLID for FLIGHT_HST). They are sized too; they need no ARCHIVED_AT.
    std::vector<std::string> dependents;
};

// A live table sized beside the history tables, with the one query that dates its oldest row through
// an index (a BIGINT of microseconds, NULL for an empty table).
struct LiveTable {
    std::string table;
    std::string oldestBy; // the column that dates it, as msgxctl status names it
    std::string oldestQuery;
};

const std::vector<HistoryTable>& historyTables();
const std::vector<LiveTable>& liveTables();

// The statement names of an entry's work.
std::string historyDueStatement(const std::string& table);    // history.due-<TABLE>
std::string historyDeleteStatement(const std::string& table); // history.delete-<TABLE>
std::string historyOldestStatement(const std::string& table); // history.oldest-<TABLE>
std::string liveOldestStatement(const std::string& table);    // tables.oldest-<TABLE>
std::string liveCountStatement(const std::string& table);     // tables.count-<TABLE> (SQLite)

} // namespace msgx::storage
