#pragma once

#include "SinkReadBack.h"

#include <cstdint>
#include <map>
#include <vector>

namespace msgx::test {

// What a consumer that de-duplicates on the msgx-event-id header sees of a topic.
struct DeduplicatedTopic {
    std::map<std::int64_t, std::vector<std::int64_t>>
        idsPerKey;                      // event ids per key, first copies, read order
    std::map<std::int64_t, int> copies; // event id -> records carrying it
    int records = 0;
};

// Reads every record's msgx-event-id header (gtest failure when one has none, or when the value's
// "eventId" disagrees with it) and keeps the first copy of each event.
DeduplicatedTopic deduplicate(const std::vector<ReadBackRecord>& records);

// The outbox's promise as a consumer sees it: every event of `expectedPerKey` (event ids per FLID in
// EVENT_ID order) arrived, nothing else did, and after de-duplication each FLID's events come in
// EVENT_ID order.
void expectEveryEventInOrderPerFlight(
    const DeduplicatedTopic& topic, const std::map<std::int64_t, std::vector<std::int64_t>>& expectedPerKey);

} // namespace msgx::test
