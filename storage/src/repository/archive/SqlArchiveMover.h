#pragma once

#include "msgx/storage/ArchiveMover.h"
#include "repository/rows/StoreContext.h"

// The daily archive: terminal PROC_STATE rows and sent or dead MSG_EVENT rows into their *_HST tables;
// the purge of history older than history.retention; the tables' sizes for the status.
namespace msgx::storage {

class SqlArchiveMover final : public ArchiveMover {
public:
    explicit SqlArchiveMover(StoreContext context) : ctx_(std::move(context)) {}
    ArchiveReport archiveBefore(Timestamp cutoff, int limit) override;
    PurgeReport purgeHistoryBefore(Timestamp cutoff, int limit) override;
    std::vector<TableSize> tableSizes() override;

private:
    StoreContext ctx_;
};

} // namespace msgx::storage
