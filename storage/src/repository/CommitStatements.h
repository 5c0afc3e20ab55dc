#pragma once

#include "msgx/storage/FlightRecord.h"
#include "msgx/storage/OutboxEvent.h"
#include "msgx/storage/ProcessingRecord.h"
#include "repository/StoreContext.h"
#include "session/PreparedStatement.h"
#include "sql/RowMapping.h"

#include <optional>
#include <string>

// The statements of the processing commit (and the row lock of every guarded PROC_STATE write),
// prepared once per session: this is the path every processed message takes.
namespace msgx::storage {

// The PROC_STATE columns a guarded write checks (processing.lock).
struct LockedRow {
    std::string state;
    int attempts = 0;
    Poco::Nullable<Poco::Int64> processingStartedAt;
    Poco::Nullable<std::string> identityKey;

    template <typename Columns>
    void columns(Columns& c) {
        c(state), c(attempts), c(processingStartedAt), c(identityKey);
    }
};

} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::LockedRow)

namespace msgx::storage {

class CommitStatements {
public:
    CommitStatements(Poco::Data::Session& session, const SqlContext& ctx);

    // The set of the transaction's session (made on first use).
    static CommitStatements& of(Transaction& tx, const SqlContext& ctx);

    // Locks PROC_STATE row `id` until the transaction ends; nullopt when there is none.
    std::optional<LockedRow> lockRow(MailboxId id);

    // Applies one flight change after checking its expected version. Returns the conflict text when
    // the stored version differs (nothing written by this call then), nullopt when applied.
    std::optional<std::string> applyFlightWrite(const FlightWrite& write, Timestamp stamp);

    void insertEvent(const NewEvent& event, std::optional<MailboxId> source, Timestamp stamp);

    // PROC_STATE row `id` to its terminal state with its back-fill intent.
    struct Finish {
        std::string state;
        std::optional<std::string> errorClass;
        std::optional<std::string> lastError;
        std::optional<std::string> note;
        std::optional<std::string> backfillStatus; // nullopt: no back-fill
    };
    void finish(MailboxId id, const Finish& finish, Timestamp stamp);

private:
    struct FlightInsert;
    struct FlightUpdate;
    struct FlightDelete;
    struct ListKey;
    struct ListItem;
    struct EventInsert;
    struct FinishUpdate;

    void replaceList(FlightId flid, const DetailList& list);

    std::unique_ptr<PreparedQuery<LockedRow, KeyParameter>> lock_;
    std::unique_ptr<PreparedQuery<Poco::Int64, KeyParameter>> flightVersion_;
    std::unique_ptr<PreparedStatement<FlightInsert>> flightInsert_;
    std::unique_ptr<PreparedStatement<FlightUpdate>> flightUpdate_;
    std::unique_ptr<PreparedStatement<FlightDelete>> flightDelete_;
    std::unique_ptr<PreparedStatement<KeyParameter>> deleteAllLists_;
    std::unique_ptr<PreparedStatement<ListKey>> deleteList_;
    std::unique_ptr<PreparedStatement<ListItem>> insertItem_;
    std::unique_ptr<PreparedStatement<EventInsert>> eventInsert_;
    std::unique_ptr<PreparedStatement<FinishUpdate>> finish_;
};

} // namespace msgx::storage
