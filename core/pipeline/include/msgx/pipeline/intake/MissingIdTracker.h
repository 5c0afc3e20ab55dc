#pragma once

#include "msgx/storage/Ids.h"
#include "msgx/storage/Timestamp.h"

#include <string>
#include <vector>

namespace msgx::pipeline {

// A run of consecutive mailbox ids, both ends included (first <= last).
struct IdRange {
    storage::MailboxId first = 0;
    storage::MailboxId last = 0;

    [[nodiscard]] storage::MailboxId size() const { return last - first + 1; }
    bool operator==(const IdRange&) const = default;
};

// "5", "5-9"; several joined by ", " (for log lines an operator reads).
std::string describe(const IdRange& range);
std::string describe(const std::vector<IdRange>& ranges);

// Ids missing from the mailbox, each with the time this process first saw it missing.
struct MissingRange {
    IdRange ids;
    storage::Timestamp since{};

    bool operator==(const MissingRange&) const = default;
};

// Remembers since when ids have been missing, as ranges, so that an AUTO_INCREMENT jump of a
// million ids costs one entry, not a million. Used twice by the poller: for the gaps above the
// watermark (waiting for max-commit-delay) and for the gaps given up below it (watched by the
// late-commit rescan until its horizon). Not thread-safe.
class MissingIdTracker {
public:
    // Replaces what is tracked by `missing` (sorted by id, disjoint): an id tracked before keeps its
    // first-seen time, an id not tracked before is seen from `now`, an id not in `missing` is
    // forgotten (it arrived or is out of view). Returns the tracked ranges, sorted; a range of
    // `missing` may come back split where parts of it were first seen at different times.
    const std::vector<MissingRange>& update(const std::vector<IdRange>& missing, storage::Timestamp now);
    // Starts tracking the ids of `range` that are not tracked yet, as seen from `since`.
    void add(IdRange range, storage::Timestamp since);
    // Forgets every id below `id`.
    void forgetBelow(storage::MailboxId id);
    void clear() { ranges_.clear(); }

    [[nodiscard]] const std::vector<MissingRange>& ranges() const { return ranges_; }

private:
    std::vector<MissingRange> ranges_; // sorted by id, disjoint
};

} // namespace msgx::pipeline
