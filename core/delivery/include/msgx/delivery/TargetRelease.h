#pragma once

#include "msgx/storage/OwnStore.h"

#include <optional>
#include <string>

namespace msgx::delivery {

// The on-dead hold of a target and the operator's release of it (architecture.md §6,
// docs/delivery.md "Dispatcher").
//
// The hold is persistent: the INBOX_CURSOR row releaseCursorName(target) keeps, as its watermark,
// the newest DEAD EVENT_ID that was released (by `skip`) or passed (on-dead `continue`). With
// on-dead `stop` a target is held while it has a DEAD event newer than that mark, so neither a
// restart nor a new dispatcher instance passes a DEAD event nobody looked at.

// The name of the INBOX_CURSOR row holding a target's release mark: "delivery-released:<target>".
std::string releaseCursorName(const std::string& target);

// Why a target is held: its newest DEAD event, newer than the release mark.
struct TargetHold {
    storage::EventId deadEventId = 0;
    std::string error; // that event's LAST_ERROR
};

// The hold of `target`, or nullopt when every DEAD event is at or below the release mark.
std::optional<TargetHold> findHold(storage::OwnStore& store, const std::string& target);

// The release mark of `target` (0 before the first release).
storage::EventId releaseMark(storage::OwnStore& store, const std::string& target);

// Moves the release mark of `target` up to `deadEventId`; a lower id leaves it where it is.
void passDeadEvents(storage::OwnStore& store, const std::string& target, storage::EventId deadEventId);

// The operator's release of a held target (`msgxctl events retry|skip --target T`), each writing
// OPS_AUDIT (actor, action "events-retry"/"events-skip", detail with target and event ids), also
// when there was nothing to release:
//  retry - every DEAD event of the target above the release mark (never skipped or passed)
//          becomes PENDING again (attempts 0) and is delivered in EVENT_ID order before anything
//          newer; one at or below the mark stays DEAD (delivered now, it would overtake nothing
//          and arrive after newer events of its flight);
//  skip  - the DEAD events stay DEAD (kept for audit) and the target moves on past them.
// Returns the number of DEAD events released. Throws storage::InfraError when the store fails.
int retryDeadEvents(storage::OwnStore& store, const std::string& target, const std::string& actor);
int skipDeadEvents(storage::OwnStore& store, const std::string& target, const std::string& actor);

} // namespace msgx::delivery
