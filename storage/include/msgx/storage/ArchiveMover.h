#pragma once

#include "msgx/storage/Timestamp.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace msgx::storage {

struct ArchiveReport {
    int messages = 0; // PROC_STATE rows moved to PROC_STATE_HST
    int events = 0;   // MSG_EVENT rows moved to MSG_EVENT_HST

    bool operator==(const ArchiveReport&) const = default;
};

// What one purge batch deleted: rows per history table ("PROC_STATE_HST" -> 500), only tables it
// deleted rows from. A table with dependent rows (FLIGHT_DETAIL_HST of FLIGHT_HST) counts its own
// rows; `full` says that some table's batch was full, so more of its rows may be due.
struct PurgeReport {
    std::map<std::string, std::int64_t> rows;
    bool full = false;

    [[nodiscard]] std::int64_t total() const {
        std::int64_t n = 0;
        for (const auto& [table, count] : rows) {
            n += count;
        }
        return n;
    }
    bool operator==(const PurgeReport&) const = default;
};

// The size of one own-store table as `msgxctl status` shows it (docs/operations.md): never a COUNT(*)
// of a history table.
struct TableSize {
    std::string table;    // "PROC_STATE_HST"
    bool history = false; // a *_HST table
    // The rows: the server's estimate (PostgreSQL pg_class.reltuples, MySQL/MariaDB
    // information_schema.TABLES.TABLE_ROWS, Oracle USER_TABLES.NUM_ROWS), or on SQLite the kept count of
    // a history table (HST_ROW_COUNT) and a count of a live one. Nullopt when the server has no
    // estimate yet (a table never analysed).
    std::optional<std::int64_t> rows;
    std::string rowsSource; // "estimate", "kept" or "counted"
    // The time of the oldest row by an indexed column (`oldestBy`: RECEIVED_AT, CREATED_AT of the
    // smallest EVENT_ID, ARCHIVED_AT); nullopt for an empty table.
    std::optional<Timestamp> oldest;
    std::string oldestBy;

    bool operator==(const TableSize&) const = default;
};

// The archive job's move (architecture.md §9) and the history it keeps (history.retention).
class ArchiveMover {
public:
    virtual ~ArchiveMover() = default;
    // In one transaction, moves to the *_HST tables (stamped ARCHIVED_AT = now) up to `limit`
    // terminal PROC_STATE rows received before `cutoff` (RECEIVED_AT, the mailbox receive time; the
    // time the row was queued, ENQUEUED_AT, when the mailbox gave none) whose back-fill is not
    // outstanding (BACKFILL_STATE NONE or DONE) and that have no PENDING event, and up to `limit`
    // SENT or DEAD MSG_EVENT rows created before `cutoff`, oldest first. A row is copied and deleted
    // in the same transaction, so it is never in both tables nor lost; running it again moves what is
    // left (idempotent).
    virtual ArchiveReport archiveBefore(Timestamp cutoff, int limit) = 0;

    // In one transaction, deletes from each history table (repository/archive/HistoryTables.cpp) up to
    // `limit` rows archived before `cutoff` (ARCHIVED_AT), oldest first, with their dependent rows.
    // Running it again deletes what is left.
    virtual PurgeReport purgeHistoryBefore(Timestamp cutoff, int limit) = 0;

    // The live and history tables, each with its rows and its oldest row (TableSize): reads of catalog
    // statistics, kept counts and index ends only.
    virtual std::vector<TableSize> tableSizes() = 0;
};

} // namespace msgx::storage
