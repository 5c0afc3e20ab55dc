#pragma once

#include "SinkReadBack.h"

#include <string>
#include <vector>

namespace msgx::test {

// Checks (gtest) that `records` (as read back) hold event ids 1..count exactly once each, that
// within each key the ids increase in read order, that every key sits in a single partition, and
// that the msgx-event-id header agrees with the value's eventId.
void expectEachOnceInOrderPerKey(const std::vector<ReadBackRecord>& records, int count);

} // namespace msgx::test
