#pragma once

#include "msgx/storage/Timestamp.h"

namespace msgx::storage {

struct ArchiveReport {
    int messages = 0; // PROC_STATE rows moved to PROC_STATE_HST
    int events = 0;   // MSG_EVENT rows moved to MSG_EVENT_HST

    bool operator==(const ArchiveReport&) const = default;
};

// The archive job's move (architecture.md §9).
class ArchiveMover {
public:
    virtual ~ArchiveMover() = default;
    // In one transaction, moves to the *_HST tables (stamped ARCHIVED_AT = now) up to `limit`
    // terminal PROC_STATE rows last updated before `cutoff` whose back-fill is not outstanding
    // (BACKFILL_STATE NONE or DONE), and up to `limit` SENT or DEAD MSG_EVENT rows created before
    // `cutoff`, oldest first. A row is copied and deleted in the same transaction, so it is never in
    // both tables nor lost; running it again moves what is left (idempotent).
    virtual ArchiveReport archiveBefore(Timestamp cutoff, int limit) = 0;
};

} // namespace msgx::storage
