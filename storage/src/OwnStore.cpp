#include "msgx/storage/OwnStore.h"

#include "migrate/MigrationFiles.h"
#include "migrate/Migrator.h"
#include "repository/archive/SqlArchiveMover.h"
#include "repository/audit/SqlOpsAuditLog.h"
#include "repository/backfill/SqlBackfillQueue.h"
#include "repository/cursors/SqlInboxCursors.h"
#include "repository/events/SqlEventOutbox.h"
#include "repository/flights/SqlFlightHistory.h"
#include "repository/flights/SqlFlightRepository.h"
#include "repository/lease/SqlWriterLease.h"
#include "repository/processing/SqlProcessingQueue.h"
#include "repository/reference/SqlReferenceRepository.h"
#include "repository/requests/SqlRequestTracker.h"
#include "repository/rows/StoreContext.h"
#include "sql/StoreStatements.h"

#include <stdexcept>

namespace msgx::storage {

namespace {

void checkCombination(const DatabaseSettings& settings) {
    if (const auto problem = unsupportedCombination(settings.backend, settings.dialect)) {
        throw std::invalid_argument(settings.role + ": " + *problem);
    }
    if (settings.poolSize < 1) {
        throw std::invalid_argument(settings.role + ": the pool needs at least one session");
    }
}

class SqlOwnStore final : public OwnStore {
public:
    SqlOwnStore(const DatabaseSettings& settings, const Clock& clock)
        : context_(makeContext(settings, clock)), processing_(context_), flights_(context_),
          flightHistory_(context_), events_(context_), backfill_(context_), references_(context_),
          cursors_(context_), archive_(context_), lease_(context_), audit_(context_), requests_(context_) {}

    MigrationReport migrate(const std::filesystem::path& migrationsRoot) override {
        const auto files = loadMigrationFiles(migrationsRoot / std::string(context_.dialect->name()));
        Migrator migrator(*context_.pool, *context_.dialect, context_.statements.sql, *context_.clock);
        return migrator.migrate(files);
    }

    ProcessingQueue& processing() override { return processing_; }
    FlightRepository& flights() override { return flights_; }
    FlightHistory& flightHistory() override { return flightHistory_; }
    EventOutbox& events() override { return events_; }
    BackfillQueue& backfill() override { return backfill_; }
    ReferenceRepository& references() override { return references_; }
    InboxCursors& cursors() override { return cursors_; }
    ArchiveMover& archive() override { return archive_; }
    WriterLease& lease() override { return lease_; }
    OpsAuditLog& audit() override { return audit_; }
    RequestTracker& requests() override { return requests_; }
    [[nodiscard]] const DatabaseSettings& settings() const override { return context_.pool->settings(); }

private:
    static StoreContext makeContext(const DatabaseSettings& settings, const Clock& clock) {
        checkCombination(settings);
        std::shared_ptr<const Dialect> dialect =
            makeDialect(settings.dialect, placeholderStyleOf(settings.backend));
        auto statements = storeStatements(*dialect);
        return StoreContext{std::make_shared<SessionPool>(settings), dialect,
                            SqlContext{std::move(statements), TextBinder(settings.backend, settings.dialect),
                                       dialect->upsertRepeatsValues()},
                            &clock, std::make_shared<WriterFence>()};
    }

    StoreContext context_;
    SqlProcessingQueue processing_;
    SqlFlightRepository flights_;
    SqlFlightHistory flightHistory_;
    SqlEventOutbox events_;
    SqlBackfillQueue backfill_;
    SqlReferenceRepository references_;
    SqlInboxCursors cursors_;
    SqlArchiveMover archive_;
    SqlWriterLease lease_;
    SqlOpsAuditLog audit_;
    SqlRequestTracker requests_;
};

} // namespace

std::unique_ptr<OwnStore> OwnStore::open(const DatabaseSettings& settings, const Clock& clock) {
    return std::make_unique<SqlOwnStore>(settings, clock);
}

} // namespace msgx::storage
