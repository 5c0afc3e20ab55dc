#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/Config.h"
#include "msgx/storage/OwnStore.h"

namespace msgx::pipeline {

// The daily archive (US-11): at archive.at (wall clock in pipeline.business-time-zone) moves
// terminal messages older than archive.retention whose back-fill is done (or never needed) and
// whose events are all SENT or DEAD to the *_HST tables, in chunks, each one transaction
// (ArchiveMover). PENDING/FAILED rows are never moved.
class ArchiveJob {
public:
    ArchiveJob(storage::OwnStore& store, const Clock& clock, const config::Config& config);

    // The first run time strictly after `after`.
    [[nodiscard]] storage::Timestamp nextRunAfter(storage::Timestamp after) const;
    // Moves everything eligible now; returns the totals.
    storage::ArchiveReport runOnce();

private:
    storage::OwnStore& store_;
    const Clock& clock_;
    const config::Config& config_;
};

} // namespace msgx::pipeline
