#include "SinkRecords.h"

#include <string>

namespace msgx::test {

delivery::DeliveryRecord flightUpdateRecord(std::int64_t eventId, std::int64_t flid) {
    storage::OutboxEvent event;
    event.id = eventId;
    event.target = "msg";
    event.flid = flid;
    event.sourceId = 5000 + eventId;
    event.payloadJson =
        R"({"type":"flight-update","flid":)" + std::to_string(flid) + R"(,"fields":{"stnd":"A1"}})";
    return delivery::msgRecord(event, storage::Timestamp{});
}

std::vector<delivery::DeliveryRecord> interleavedRecords(int count, int keys) {
    std::vector<delivery::DeliveryRecord> records;
    records.reserve(static_cast<std::size_t>(count));
    for (int id = 1; id <= count; ++id) {
        records.push_back(flightUpdateRecord(id, (id - 1) % keys + 1));
    }
    return records;
}

} // namespace msgx::test
