#pragma once

#include "msgx/config/Milliseconds.h"
#include "msgx/config/ValueFormats.h"

#include <chrono>

// backfill.*, archive.*, history.* and lease.*: the work beside the pump.
namespace msgx::config {

struct BackfillConfig {
    Milliseconds interval = std::chrono::seconds(30);
    Milliseconds backoff = std::chrono::seconds(30); // first retry delay; doubles up to backoffCap
    Milliseconds backoffCap = std::chrono::minutes(15);
};

struct ArchiveConfig {
    Milliseconds retention = std::chrono::hours(24);
    TimeOfDay at{3, 0}; // daily run time, wall clock in pipeline.business-time-zone
};

// How long the *_HST tables keep a row after the archive moved it there (ARCHIVED_AT): the daily
// archive run purges what is older (docs/operations.md "A season of operation").
struct HistoryConfig {
    Milliseconds retention = std::chrono::hours(400 * 24);
};

struct LeaseConfig {
    Milliseconds period = std::chrono::seconds(10);
};

} // namespace msgx::config
