#pragma once

#include "msgx/storage/InboxCursors.h"
#include "repository/rows/StoreContext.h"

// The poller's persisted cursors (INBOX_CURSOR: watermark and rescan progress).
namespace msgx::storage {

class SqlInboxCursors final : public InboxCursors {
public:
    explicit SqlInboxCursors(StoreContext context) : ctx_(std::move(context)) {}

    std::optional<InboxCursor> load(const std::string& name) override;
    void save(const InboxCursor& cursor) override;

private:
    StoreContext ctx_;
};

// Writes `cursor` (cursor.save, an upsert) in `tx`: also the enqueue's, in the transaction of its rows.
void saveCursor(Transaction& tx, const SqlContext& ctx, const InboxCursor& cursor, Timestamp stamp);

} // namespace msgx::storage
