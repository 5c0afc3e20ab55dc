#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/storage/Backends.h"
#include "msgx/storage/DatabaseSettings.h"
#include "msgx/storage/Ids.h"
#include "msgx/storage/Timestamp.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace msgx::storage {

// One CMINMSGS row as the poller needs it (mailbox.md §1).
struct MailboxRow {
    MailboxId id = 0;
    std::optional<std::string> status;   // CMINMSGS_STATUS; the caller applies mailbox.accept-status
    std::string xml;                     // CMINMSGS_CLOB_MSG, leading and trailing white space trimmed
    std::optional<Timestamp> receivedAt; // CMINMSGS_DATE_RECEIVED read in mailbox.time-zone

    bool operator==(const MailboxRow&) const = default;
};

// One back-fill of a CMINMSGS row: DATE_PROCESSED and STATUS.
struct MailboxMark {
    MailboxId id = 0;
    Timestamp processedAt{};
    std::string status;
};

// The inbound mailbox table (mailbox.inbox-table). DML only.
class MailboxInbox {
public:
    virtual ~MailboxInbox() = default;
    // Rows with ID > watermark, smallest first, at most `limit` (ID > W ORDER BY ID LIMIT n).
    virtual std::vector<MailboxRow> readAbove(MailboxId watermark, int limit) = 0;
    // Whether any row has ID > watermark: an id-only query, much cheaper than readAbove on Poco's
    // MySQL connector, which allocates a buffer of the text column's declared size (16 MiB) for
    // every execution that returns it (docs/performance.md). For idle polls.
    virtual bool hasRowsAbove(MailboxId watermark) = 0;
    // Rows with first <= ID <= last, by id (the late-commit rescan).
    virtual std::vector<MailboxRow> readRange(MailboxId first, MailboxId last) = 0;
    // The largest ID; nullopt for an empty table.
    virtual std::optional<MailboxId> maxId() = 0;
    // The smallest id whose DATE_PROCESSED is NULL and whose STATUS is one of `acceptStatus`: where
    // the legacy consumer's unfinished work begins (a cut-over start). Not indexed on the legacy
    // table: a scan, for the operator's commands and a first start only.
    virtual std::optional<MailboxId> lowestUnprocessed(const std::vector<std::string>& acceptStatus) = 0;
    // The ids first..last (both included) whose DATE_PROCESSED is NULL and whose STATUS is one of
    // `acceptStatus`, ascending: a primary-key range read of two small columns (the late-commit
    // sweep pages through the mailbox with it).
    virtual std::vector<MailboxId> unprocessedIds(MailboxId first, MailboxId last,
                                                  const std::vector<std::string>& acceptStatus) = 0;
    // UPDATE ... SET DATE_PROCESSED = processedAt (in mailbox.time-zone, whole seconds), STATUS =
    // status WHERE ID = id. Writing the same values again changes nothing (idempotent).
    virtual void backfill(MailboxId id, Timestamp processedAt, const std::string& status) = 0;
    // backfill() for each mark; the SQL adapter writes them in one transaction (all or none), this
    // default one by one (those before a failure stay written: back-fill is idempotent).
    virtual void backfillAll(const std::vector<MailboxMark>& marks) {
        for (const auto& mark : marks) {
            backfill(mark.id, mark.processedAt, mark.status);
        }
    }
    // backfillAll() only for the rows whose DATE_PROCESSED is still NULL (UPDATE ... AND
    // DATE_PROCESSED IS NULL, in one transaction): never overwrites the legacy consumer's mark
    // (msgxctl skip). Returns how many rows it marked.
    virtual std::int64_t backfillUnmarked(const std::vector<MailboxMark>& marks) = 0;
    // The compat inject: inserts a row as the upstream does (mailbox.md §1.5) and returns its ID.
    virtual MailboxId insert(const std::string& xml, Timestamp receivedAt, const std::string& status) = 0;
};

// One COUTMSGS row to write (mailbox.md §4.5).
struct OutboundMessage {
    std::string xml;
    std::string routingId; // ≤ 23, e.g. "VIEWRQFD"
    Timestamp insertedAt{};
};

// One COUTMSGS row as read back (the request coordinator's crash recovery).
struct OutboundRow {
    MailboxId id = 0;
    std::string xml;
    std::string routingId;

    bool operator==(const OutboundRow&) const = default;
};

// The outbound mailbox table (mailbox.outbox-table). DML only: it is someone else's table, so the
// reads below use only its primary key (no index of ours).
class MailboxOutbox {
public:
    virtual ~MailboxOutbox() = default;
    // Inserts one ungrouped row without acknowledgement, every column written explicitly as the
    // legacy consumer does, and returns its COUTMSGS_ID.
    virtual MailboxId insert(const OutboundMessage& message) = 0;
    // The largest COUTMSGS_ID; 0 for an empty table.
    virtual MailboxId maxId() = 0;
    // Rows with COUTMSGS_ID > after, smallest first, at most `limit`.
    virtual std::vector<OutboundRow> readAbove(MailboxId after, int limit) = 0;
};

// The shared mailbox: its own session pool (architecture.md §3), never DDL on a real mailbox.
class Mailbox {
public:
    // `tables` gives the table names and the time zone. Throws std::invalid_argument for a dialect
    // the adapters do not support (oracle: the mailbox is a MySQL database, mailbox.md) and
    // codec::TimeZoneError for an unusable time zone.
    static std::unique_ptr<Mailbox> open(const DatabaseSettings& settings, const MailboxTables& tables);
    virtual ~Mailbox() = default;

    virtual MailboxInbox& inbox() = 0;
    virtual MailboxOutbox& outbox() = 0;

    // Creates the two tables when absent: only for the embedded profile's SQLite mailbox
    // (mailbox.create-tables); throws std::logic_error for any other backend.
    virtual void createTablesIfAbsent() = 0;

    // What is wrong with the mailbox tables for msgx (checked at start and by `msgxd --check`):
    // a configured table that does not exist, a column msgx reads or writes that is missing, a
    // status value (`statusValues`: the mailbox.status-map values) longer than CMINMSGS_STATUS
    // where the database can say its length. Empty when all is well. InfraError when the mailbox
    // cannot be reached at all.
    virtual std::vector<std::string> schemaProblems(const std::vector<std::string>& statusValues) = 0;
};

} // namespace msgx::storage
