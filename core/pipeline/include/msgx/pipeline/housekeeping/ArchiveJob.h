#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/codec/TimeZone.h"
#include "msgx/config/HousekeepingConfig.h"
#include "msgx/storage/OwnStore.h"

#include <string>

namespace msgx::config {
struct Config;
} // namespace msgx::config

namespace msgx::pipeline {

// What the archive takes of the configuration: the archive and history sections and the zone
// archive.at is in.
struct ArchiveSettings {
    config::ArchiveConfig archive;
    std::string businessTimeZone; // pipeline.business-time-zone
    config::HistoryConfig history;

    static ArchiveSettings of(const config::Config& config);
};

// The daily archive (US-11): at archive.at (wall clock in pipeline.business-time-zone) moves
// terminal messages older than archive.retention whose back-fill is done (or never needed) and
// whose events are all SENT or DEAD to the *_HST tables, in chunks of kChunk, each chunk one
// transaction (ArchiveMover), until nothing eligible is left. PENDING/FAILED rows are never moved;
// running it again moves nothing new (idempotent). Then it purges the history tables of rows
// archived longer ago than history.retention (purgeHistory).
class ArchiveJob {
public:
    static constexpr int kChunk = 500;

    // Throws codec::TimeZoneError when pipeline.business-time-zone cannot be loaded.
    ArchiveJob(storage::OwnStore& store, const Clock& clock, ArchiveSettings settings);

    // The first run time strictly after `after`: the next archive.at in the business time zone.
    [[nodiscard]] storage::Timestamp nextRunAfter(storage::Timestamp after) const;
    // Moves everything eligible now (cutoff now - archive.retention), then purgeHistory(); returns
    // the totals moved. Throws storage::InfraError when the store fails (the chunks already moved
    // stay moved).
    storage::ArchiveReport runOnce();
    // Deletes from every history table the rows archived before now - history.retention, kChunk per
    // table and transaction, until none is left; returns the rows deleted per table. Throws
    // storage::InfraError when the store fails (the batches already deleted stay deleted).
    storage::PurgeReport purgeHistory();

private:
    storage::OwnStore& store_;
    const Clock& clock_;
    const ArchiveSettings settings_;
    codec::TimeZone zone_;
};

} // namespace msgx::pipeline
