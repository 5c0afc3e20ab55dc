#pragma once

#include "msgx/storage/Ids.h"
#include "msgx/storage/Timestamp.h"

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>

namespace msgx::storage {

// Where the head of PROC_STATE can be, from the head reads and the writes of one store handle, so
// that a head read seeks from there instead of from the smallest id of the (STATE, CMINMSGS_ID) index.
// Why: finishing a row leaves its old PENDING index entry behind until VACUUM, and a head read from
// the start steps over all of them; during a 100,000-row backlog that grew to ~40 ms per read with
// no autovacuum in between (docs/performance.md, 2026-12-05 afternoon).
//
// The floor is an id below which no row is unfinished (PENDING or FAILED): after a head read, the head
// it found; after one that found none, "nothing unfinished" (every id above). It only moves down
// through this handle's own writes that make a row unfinished (enqueue, replay), reported by
// unfinished() after their commit; a read that overlapped such a write does not set it. Another
// process's replay (msgxctl) is not seen that way, so a read from the start is made at least every
// kFullReadEvery: such a row waits at most that long behind a running backlog.
class QueueHeadFloor {
public:
    static constexpr std::chrono::seconds kFullReadEvery{1};

    struct Read {
        std::optional<MailboxId> from; // nullopt: from the start (a full read)
        std::uint64_t generation = 0;
    };

    // Before a head read at `now`: where to read from.
    Read before(Timestamp now);
    // After head read `read`: the head it found at or above read.from (nullopt: none).
    void after(const Read& read, std::optional<MailboxId> head);
    // Row `id` became unfinished in a committed transaction of this handle.
    void unfinished(MailboxId id);

private:
    std::mutex mutex_;
    std::optional<MailboxId> floor_; // nullopt: not known yet (or no longer)
    std::uint64_t generation_ = 0;   // one more for every unfinished()
    std::optional<Timestamp> fullReadAt_;
};

} // namespace msgx::storage
