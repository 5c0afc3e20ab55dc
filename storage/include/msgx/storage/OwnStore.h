#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/storage/ArchiveMover.h"
#include "msgx/storage/BackfillQueue.h"
#include "msgx/storage/DatabaseSettings.h"
#include "msgx/storage/EventOutbox.h"
#include "msgx/storage/FlightHistory.h"
#include "msgx/storage/FlightRepository.h"
#include "msgx/storage/InboxCursors.h"
#include "msgx/storage/Migrations.h"
#include "msgx/storage/OpsAuditLog.h"
#include "msgx/storage/ProcessingQueue.h"
#include "msgx/storage/ReferenceRepository.h"
#include "msgx/storage/RequestTracker.h"
#include "msgx/storage/WriterLease.h"

#include <filesystem>
#include <memory>

namespace msgx::storage {

// The own store (architecture.md §3): one session pool, the dialect of its database, and every
// repository over it. Opening connects lazily: the first repository call opens the first session.
// Thread-safe: repositories may be used from several threads (each call is one unit of work on a
// pooled session). Must outlive every use of its repositories.
class OwnStore {
public:
    // Throws std::invalid_argument for an unusable combination (e.g. ODBC without a dialect).
    static std::unique_ptr<OwnStore> open(const DatabaseSettings& settings, const Clock& clock);
    virtual ~OwnStore() = default;

    // Applies the pending migrations of <migrationsRoot>/<dialect>/ (Migrator.h).
    virtual MigrationReport migrate(const std::filesystem::path& migrationsRoot) = 0;

    virtual ProcessingQueue& processing() = 0;
    virtual FlightRepository& flights() = 0;
    virtual FlightHistory& flightHistory() = 0;
    virtual EventOutbox& events() = 0;
    virtual BackfillQueue& backfill() = 0;
    virtual ReferenceRepository& references() = 0;
    virtual InboxCursors& cursors() = 0;
    virtual ArchiveMover& archive() = 0;
    virtual WriterLease& lease() = 0;
    virtual OpsAuditLog& audit() = 0;
    virtual RequestTracker& requests() = 0;

    [[nodiscard]] virtual const DatabaseSettings& settings() const = 0;
};

} // namespace msgx::storage
