#include "repository/processing/CommitStatements.h"

#include "repository/events/EventCommitParameters.h"
#include "repository/flights/FlightCommitParameters.h"
#include "repository/processing/ProcessingCommitParameters.h"

// The statement set of a processing commit; its statements per table are in FlightCommits.cpp,
// EventCommits.cpp and ProcessingCommits.cpp.
namespace msgx::storage {

CommitStatements::CommitStatements(Poco::Data::Session& session, const SqlContext& ctx)
    : lock_(std::make_unique<PreparedQuery<LockedRow, KeyParameter>>(session, ctx["processing.lock"])),
      flightInsert_(
          std::make_unique<PreparedStatement<FlightInsert>>(session, ctx["flight.insert"], ctx.text)),
      flightInsertMany_(ctx.sql->all().count("flight.insert-many") == 0
                            ? nullptr
                            : std::make_unique<PreparedStatement<FlightInsertMany>>(
                                  session, ctx["flight.insert-many"], ctx.text)),
      flightUpdate_(
          std::make_unique<PreparedStatement<FlightUpdate>>(session, ctx["flight.update"], ctx.text)),
      flightUpdates_(session, ctx, "flight.update"),
      flightUpdateOne_(ctx.sql->all().count("flight.update-one") == 0
                           ? nullptr
                           : std::make_unique<PreparedStatement<FlightInsert>>(
                                 session, ctx["flight.update-one"], ctx.text)),
      flightDelete_(std::make_unique<PreparedStatement<FlightDelete>>(session, ctx["flight.mark-deleted"])),
      deleteAllLists_(
          std::make_unique<PreparedStatement<KeyParameter>>(session, ctx["flight.delete-all-lists"])),
      deleteList_(std::make_unique<PreparedStatement<ListKey>>(session, ctx["flight.delete-list"], ctx.text)),
      deleteListMany_(ctx.sql->all().count("flight.delete-lists") == 0
                          ? nullptr
                          : std::make_unique<PreparedStatement<ListKeyMany>>(
                                session, ctx["flight.delete-lists"], ctx.text)),
      insertItem_(
          std::make_unique<PreparedStatement<ListItem>>(session, ctx["flight.insert-item"], ctx.text)),
      insertItems_(session, ctx, "flight.insert-items"),
      eventInsert_(std::make_unique<PreparedStatement<EventInsert>>(session, ctx["event.insert"], ctx.text)),
      insertEvents_(session, ctx, "event.insert"),
      finish_(std::make_unique<PreparedStatement<FinishUpdate>>(session, ctx["processing.finish"], ctx.text)),
      identityHolders_(std::make_unique<PreparedQuery<IdentityHolderRow, IdentityKeys>>(
          session, ctx["processing.identity-holders"], ctx.text)),
      lockRange_(
          std::make_unique<PreparedQuery<LockedRangeRow, IdRange>>(session, ctx["processing.lock-range"])),
      flightVersions_(std::make_unique<PreparedQuery<FlightVersionRow, FlightIds>>(
          session, ctx["flight.lock-versions"])) {}

CommitStatements& CommitStatements::of(Transaction& tx, const SqlContext& ctx) {
    return preparedSet<CommitStatements>(tx, ctx);
}

void CommitStatements::beginTransaction() {
    queuedFinishes_.clear();
    lockedVersions_.clear();
    writtenVersions_.clear();
    queuedEvents_.clear();
    queuedItems_.clear();
    queuedLists_.clear();
    queuedListDeletes_.clear();
    queuedFlights_.clear();
    queuedUpdates_.clear();
    queuedUpdateAt_.clear();
}

} // namespace msgx::storage
