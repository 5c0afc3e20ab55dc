#pragma once

#include "msgx/storage/OwnStore.h"
#include "msgx/storage/Timestamp.h"

#include <string>

namespace msgx::delivery {

// Makes `target`'s head due again when this instance becomes the writer, after the old writer's
// lease ran out, so nobody else can be sending: the first `limit` PENDING events above the delivered
// mark in EVENT_ID order that are not due become due now. This ends a backoff the old writer had
// started, so a restart retries a refused head at once (its attempts are kept), and hands back the
// claims that versions before the delivered mark (2026-12) wrote on claimed events. Returns how
// many; the caller says why in its log.
int releaseStaleClaims(storage::OwnStore& store, const std::string& target, storage::Timestamp now,
                       int limit);

} // namespace msgx::delivery
