#pragma once

#include "msgx/delivery/DeliveryRecord.h"

#include <cstdint>
#include <vector>

namespace msgx::test {

// Record `eventId` of flight `flid` as the msg target sends it (msgRecord of a flight-update).
delivery::DeliveryRecord flightUpdateRecord(std::int64_t eventId, std::int64_t flid);

// Records 1..count spread round-robin over `keys` flights (FLID 1..keys), so that records of
// different keys interleave and each key has an increasing run of event ids.
std::vector<delivery::DeliveryRecord> interleavedRecords(int count, int keys);

} // namespace msgx::test
