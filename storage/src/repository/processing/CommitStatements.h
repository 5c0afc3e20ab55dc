#pragma once

#include "msgx/storage/FlightRecord.h"
#include "msgx/storage/OutboxEvent.h"
#include "msgx/storage/ProcessingRecord.h"
#include "repository/rows/MultiRowInsert.h"
#include "repository/rows/StoreContext.h"
#include "session/PreparedStatement.h"
#include "sql/RowMapping.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

// The statements of the processing commit (and the row lock of every guarded PROC_STATE write),
// prepared once per session: this is the path every processed message takes.
namespace msgx::storage {

// The PROC_STATE columns a guarded write checks (processing.lock).
struct LockedRow {
    std::string state;
    int attempts = 0;
    Poco::Nullable<Poco::Int64> processingStartedAt;
    Poco::Nullable<std::string> identityKey;
    Poco::Nullable<std::string> errorClass;

    template <typename Columns>
    void columns(Columns& c) {
        c(state), c(attempts), c(processingStartedAt), c(identityKey), c(errorClass);
    }
};

// A locked row with its key (processing.lock-range).
struct LockedRangeRow {
    Poco::Int64 id = 0;
    LockedRow row;

    template <typename Columns>
    void columns(Columns& c) {
        c(id), c(row.state), c(row.attempts), c(row.processingStartedAt), c(row.identityKey),
            c(row.errorClass);
    }
};

// A locked flight's version (flight.lock-versions).
struct FlightVersionRow {
    Poco::Int64 flid = 0;
    Poco::Int64 version = 0;

    template <typename Columns>
    void columns(Columns& c) {
        c(flid), c(version);
    }
};

// An identity and the message holding it (processing.identity-holders).
struct IdentityHolderRow {
    Poco::Int64 id = 0;
    std::string key;

    template <typename Columns>
    void columns(Columns& c) {
        c(id), c(key);
    }
};

// Rows per statement of the multi-row writes of a commit (MultiRowLadder, MultiRowInsert.h):
// events (event.insert-<rows>), detail rows (flight.insert-items-<rows>; 50 first for the thousands a
// snapshot writes) and updated flights (flight.update-<rows>). A batch of 50 messages writes ~50
// events, ~30 detail rows and ~45 flights (the e2e bench's FLOP mix).
inline constexpr RowSizes<5> kEventRowSizes{32, 16, 8, 4, 2};
inline constexpr RowSizes<6> kItemRowSizes{50, 32, 16, 8, 4, 2};
inline constexpr RowSizes<5> kFlightUpdateRowSizes{32, 16, 8, 4, 2};
// New flights per multi-row FLIGHT insert (flight.insert-many).
inline constexpr int kFlightsPerInsert = 50;
// Replaced detail lists per flight.delete-lists.
inline constexpr int kListsPerDelete = 10;

// Rows per processing.finish statement (rows of a batch that end with the same outcome).
inline constexpr int kFinishesPerUpdate = 25;

// Keys per processing.identity-holders look-up: a batch of 50 messages needs 2 round trips.
inline constexpr int kIdentityKeysPerLookup = 25;

} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::LockedRow)
MSGX_ROW_TYPE_HANDLER(msgx::storage::LockedRangeRow)
MSGX_ROW_TYPE_HANDLER(msgx::storage::IdentityHolderRow)
MSGX_ROW_TYPE_HANDLER(msgx::storage::FlightVersionRow)

namespace msgx::storage {

class CommitStatements {
public:
    CommitStatements(Poco::Data::Session& session, const SqlContext& ctx);

    // The set of the transaction's session (made on first use).
    static CommitStatements& of(Transaction& tx, const SqlContext& ctx);

    // Locks PROC_STATE row `id` until the transaction ends; nullopt when there is none.
    std::optional<LockedRow> lockRow(MailboxId id);
    // Locks the PROC_STATE rows with ids in [low, high] until the transaction ends.
    std::map<MailboxId, LockedRow> lockRange(MailboxId low, MailboxId high);

    // Forgets what a previous transaction of this session left (the flight versions it wrote, events
    // it queued but did not write): called at the start of every transaction that uses
    // applyFlightWrite or addEvent.
    void beginTransaction();

    // Locks the FLIGHT rows of `flids` (kIdsPerStatement per round trip) and keeps their versions for
    // applyFlightWrite, which locks a flight not locked this way by itself.
    void lockFlights(const std::vector<FlightId>& flids);

    // Applies one flight change after checking its expected version. Returns the conflict text when
    // the stored version differs (nothing written by this call then), nullopt when applied.
    std::optional<std::string> applyFlightWrite(const FlightWrite& write, Timestamp stamp);
    // Deletes the lists applyFlightWrite replaces (queued, kListsPerDelete per statement, where the
    // dialect allows), then writes the detail rows it queued (kItemRowSizes per statement where the
    // dialect allows). applyFlightWrite flushes them itself before a list is replaced a second time
    // and before a flight is deleted; the commit calls it once more before its end.
    void writeItems();
    // Writes the new flights applyFlightWrite queued (kFlightsPerInsert per statement where the
    // dialect allows), then the updates it queued (one per flight, the last; several per statement
    // where the dialect allows, else applyFlightWrite updated at once). applyFlightWrite flushes both
    // before it deletes a flight; the commit calls it once more before it writes its events.
    void writeFlights();

    // Adds an outbox event; it is written by the next writeEvents() of this transaction, in the order
    // added (so EVENT_IDs grow in that order), kEventRowSizes per statement where the dialect allows.
    void addEvent(const NewEvent& event, std::optional<MailboxId> source, Timestamp stamp);
    void writeEvents();

    // The holders of `keys` in PROC_STATE and PROC_STATE_HST: per key the smallest holding id (a
    // key is held once, unless rows were changed by hand); a free key is absent from the map.
    std::map<std::string, MailboxId> identityHolders(const std::vector<std::string>& keys);

    // PROC_STATE row `id` to its terminal state with its back-fill intent: queued, and written by
    // writeFinishes() (rows with the same outcome kFinishesPerUpdate per statement).
    struct Finish {
        std::string state;
        std::optional<std::string> errorClass;
        std::optional<std::string> lastError;
        std::optional<std::string> note;
        std::optional<std::string> backfillStatus; // nullopt: no back-fill
        // Written only where the row has none yet (nullopt: left as it is).
        std::optional<std::string> identityKey;
        std::optional<Timestamp> processingStartedAt;
    };
    void finish(MailboxId id, const Finish& finish, Timestamp stamp);
    void writeFinishes();

private:
    struct FlightInsert;
    using FlightInsertMany = MultiRowParameters<FlightInsert, kFlightsPerInsert>;
    struct QueuedFlight {
        FlightId flid;
        FlightKeys keys;
        std::string attributesJson;
        Poco::Int64 micros;
        Poco::Int64 version;
    };
    std::vector<QueuedFlight> queuedFlights_;
    // The updates of existing flights, one per flight (a later write of it replaces its entry), and
    // where each is in queuedUpdates_.
    std::vector<QueuedFlight> queuedUpdates_;
    std::map<FlightId, std::size_t> queuedUpdateAt_;
    void queueUpdate(QueuedFlight update);
    struct FlightUpdate;
    struct FlightDelete;
    struct ListKey;
    struct ListItem;
    struct QueuedItem {
        FlightId flid;
        std::string list;
        int seq;
        std::string json;
    };
    std::vector<QueuedItem> queuedItems_;
    // The (FLID, LIST_NAME) of the rows in queuedItems_ and of the lists in queuedListDeletes_: a list
    // replaced again must flush them first.
    std::set<std::pair<FlightId, std::string>> queuedLists_;
    using ListKeyMany = MultiRowParameters<ListKey, kListsPerDelete>;
    std::vector<std::pair<FlightId, std::string>> queuedListDeletes_;
    void writeListDeletes();
    struct EventInsert;
    struct FinishUpdate;
    struct QueuedFinish {
        MailboxId id;
        Finish finish;
        Timestamp stamp;
    };
    std::vector<QueuedFinish> queuedFinishes_;
    struct IdentityKeys;
    struct IdRange;
    struct FlightIds;

    // `fresh`: the flight row was inserted by this write, so it has no detail rows to delete.
    void replaceList(FlightId flid, const DetailList& list, bool fresh);

    std::unique_ptr<PreparedQuery<LockedRow, KeyParameter>> lock_;
    std::unique_ptr<PreparedStatement<FlightInsert>> flightInsert_;
    std::unique_ptr<PreparedStatement<FlightInsertMany>> flightInsertMany_; // null on Oracle
    std::unique_ptr<PreparedStatement<FlightUpdate>> flightUpdate_;
    // flight.update-<rows> and flight.update-one, none on Oracle (which updates each flight at once).
    MultiRowLadder<FlightInsert, kFlightUpdateRowSizes> flightUpdates_;
    std::unique_ptr<PreparedStatement<FlightInsert>> flightUpdateOne_;
    std::unique_ptr<PreparedStatement<FlightDelete>> flightDelete_;
    std::unique_ptr<PreparedStatement<KeyParameter>> deleteAllLists_;
    std::unique_ptr<PreparedStatement<ListKey>> deleteList_;
    std::unique_ptr<PreparedStatement<ListKeyMany>> deleteListMany_; // null on Oracle
    std::unique_ptr<PreparedStatement<ListItem>> insertItem_;
    MultiRowLadder<ListItem, kItemRowSizes> insertItems_; // none on Oracle
    std::unique_ptr<PreparedStatement<EventInsert>> eventInsert_;
    MultiRowLadder<EventInsert, kEventRowSizes> insertEvents_; // none on Oracle
    struct QueuedEvent {
        NewEvent event;
        std::optional<MailboxId> source;
        Timestamp stamp;
    };
    std::vector<QueuedEvent> queuedEvents_;
    std::unique_ptr<PreparedStatement<FinishUpdate>> finish_;
    std::unique_ptr<PreparedQuery<IdentityHolderRow, IdentityKeys>> identityHolders_;
    std::unique_ptr<PreparedQuery<LockedRangeRow, IdRange>> lockRange_;
    // The version each flight has after a write of this transaction (its row is locked, so the
    // database holds the same value): a later write of the same flight needs no look-up.
    std::map<FlightId, std::int64_t> writtenVersions_;
    std::map<FlightId, std::optional<std::int64_t>> lockedVersions_; // by lockFlights; nullopt: absent
    std::unique_ptr<PreparedQuery<FlightVersionRow, FlightIds>> flightVersions_;
};

} // namespace msgx::storage
