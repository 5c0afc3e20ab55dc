#pragma once

#include "msgx/storage/Ids.h"
#include "msgx/storage/OutboxEvent.h"
#include "msgx/storage/Timestamp.h"

#include <optional>
#include <string>
#include <vector>

namespace msgx::delivery {

// The MSG_EVENT.PAYLOAD contract between the pump (writer) and the dispatcher (reader): a JSON
// object whose members "type" (text) and "flid" (integer) come first, then the data:
//   msg : {"type":"flight-update","flid":1,"fields":{...},"lists":{...}}
//         (also "flight-upsert" / "flight-delete" for SCHD and FDEL changes)
//   schd: {"type":"flight-upsert","flid":1,"document":{<flight document>}}
//         {"type":"flight-delete","flid":1}  -> delivered as a tombstone (no value)
//         {"type":"flight-to-history","flid":1} -> a tombstone too (moved out of the live set)
//   msg : also {"type":"flight-to-history","flid":1} and {"type":"flight-from-history","flid":1}
// A payload carries no time field, so a replay or a crash-recovery re-run writes the same text.

// One record as a sink sends it. Kafka: key = FLID (decimal text), value = the envelope (or no
// value for a tombstone), headers msgx-event-id, msgx-source-id (when known), msgx-event-type.
// File: one JSON line with the same fields.
struct DeliveryRecord {
    storage::EventId eventId = 0; // stable across re-sends: consumers de-duplicate on it
    std::string target;           // logical target name, "msg" or "schd"
    std::string eventType;        // the payload's "type"
    std::optional<storage::FlightId> key;
    std::optional<std::string> value; // nullopt: tombstone
    std::optional<storage::MailboxId> sourceId;

    bool operator==(const DeliveryRecord&) const = default;
};

// The envelope of a payload: {"schemaVersion":1,"eventId":N,"sourceId":M,"publishedAt":"...Z",
// followed by the payload's own members}. Throws std::invalid_argument naming the event when the
// payload is not a JSON object with a text "type".
DeliveryRecord msgRecord(const storage::OutboxEvent& event, storage::Timestamp publishedAt);

// The records of one claimed `schd` batch (EVENT_ID order): one per FLID, the latest event of each
// FLID, ordered by that latest event's id; a flight whose latest event is "flight-delete" or
// "flight-to-history" gets a tombstone. Events without a FLID are each sent on their own.
std::vector<DeliveryRecord> schdRecords(const std::vector<storage::OutboxEvent>& batch,
                                        storage::Timestamp publishedAt);

} // namespace msgx::delivery
