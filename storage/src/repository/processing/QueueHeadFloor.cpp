#include "repository/processing/QueueHeadFloor.h"

#include <algorithm>
#include <limits>

namespace msgx::storage {

namespace {
// "Nothing unfinished": a floor every future unfinished() lowers to its own id.
constexpr MailboxId kNothingUnfinished = std::numeric_limits<MailboxId>::max();
} // namespace

QueueHeadFloor::Read QueueHeadFloor::before(Timestamp now) {
    const std::lock_guard lock(mutex_);
    Read read;
    read.generation = generation_;
    // A clock set back counts as due, so that a full read is never postponed by it.
    const bool fullReadDue = !fullReadAt_ || now < *fullReadAt_ || now - *fullReadAt_ >= kFullReadEvery;
    if (floor_ && !fullReadDue) {
        read.from = floor_;
    } else {
        fullReadAt_ = now;
    }
    return read;
}

void QueueHeadFloor::after(const Read& read, std::optional<MailboxId> head) {
    const std::lock_guard lock(mutex_);
    if (read.generation != generation_) {
        // A row became unfinished while the read ran: what it found may lie above that row.
        // unfinished() lowered a known floor already; an unknown one stays unknown.
        return;
    }
    // Without unfinished() the smallest unfinished id only grows, so a read that overlapped another
    // (the pump's and the poller's) and writes last still leaves a floor no higher than the truth.
    floor_ = head.value_or(kNothingUnfinished);
}

void QueueHeadFloor::unfinished(MailboxId id) {
    const std::lock_guard lock(mutex_);
    ++generation_;
    if (floor_) {
        floor_ = std::min(*floor_, id);
    }
}

} // namespace msgx::storage
