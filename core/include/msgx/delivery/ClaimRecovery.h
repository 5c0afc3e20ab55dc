#pragma once

#include "msgx/storage/OwnStore.h"
#include "msgx/storage/Timestamp.h"

#include <string>

namespace msgx::delivery {

// Hands back the claims a previous writer left on `target`'s head (claimBatch hides claimed events
// until the claim runs out, delivery.md): called when this instance becomes the writer, after the
// old writer's lease ran out, so nobody else can be sending them. The first `limit` PENDING events
// in EVENT_ID order that are not due become due now; this also ends a backoff the old writer had
// started, so a restart retries a refused head at once (its attempts are kept). Returns how many;
// the caller says why in its log. Also the dispatcher's own recovery from a claim whose answer was
// lost (it is its target's only sender).
int releaseStaleClaims(storage::OwnStore& store, const std::string& target, storage::Timestamp now,
                       int limit);

} // namespace msgx::delivery
