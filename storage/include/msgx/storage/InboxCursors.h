#pragma once

#include "msgx/storage/Ids.h"

#include <optional>
#include <string>

namespace msgx::storage {

// Discovery progress over the mailbox (INBOX_CURSOR): every id ≤ watermark has been queued or
// given up as a gap; the late-commit rescan has covered ids below rescanFrom.
struct InboxCursor {
    std::string name = "inbox"; // ≤ 32
    MailboxId watermark = 0;
    MailboxId rescanFrom = 0;

    bool operator==(const InboxCursor&) const = default;
};

class InboxCursors {
public:
    virtual ~InboxCursors() = default;
    // The cursor `name`; nullopt before it was first saved.
    virtual std::optional<InboxCursor> load(const std::string& name) = 0;
    // Writes the cursor (insert or replace), in its own transaction. To move it together with the
    // rows it covers, use ProcessingQueue::enqueue.
    virtual void save(const InboxCursor& cursor) = 0;
};

} // namespace msgx::storage
