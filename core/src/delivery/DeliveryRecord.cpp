#include "msgx/delivery/DeliveryRecord.h"

#include "msgx/json/JsonValue.h"

#include <array>
#include <cstdio>
#include <ctime>
#include <map>
#include <stdexcept>
#include <string_view>

namespace msgx::delivery {

namespace {

constexpr std::string_view kDeleteType = "flight-delete";

// Members the envelope writes itself; a payload carrying one would produce a duplicate key.
constexpr std::array<std::string_view, 4> kEnvelopeMembers{"schemaVersion", "eventId", "sourceId",
                                                           "publishedAt"};

// "2024-03-18T07:15:00.123Z": UTC, millisecond precision.
std::string isoUtcMillis(storage::Timestamp instant) {
    const auto millis = std::chrono::floor<std::chrono::milliseconds>(instant);
    const auto seconds = std::chrono::floor<std::chrono::seconds>(millis);
    const std::time_t epochSeconds = std::chrono::system_clock::to_time_t(seconds);
    std::tm utc{};
    gmtime_r(&epochSeconds, &utc);
    char text[64];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                  utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec,
                  static_cast<int>((millis - seconds).count()));
    return text;
}

[[noreturn]] void badPayload(const storage::OutboxEvent& event, const std::string& why) {
    throw std::invalid_argument("event " + std::to_string(event.id) + " (target " + event.target +
                                "): payload " + why);
}

// The payload as a JSON object, after checking that it has a text "type" and no member of the
// envelope.
json::JsonValue payloadObject(const storage::OutboxEvent& event) {
    json::JsonValue payload;
    try {
        payload = json::parseJson(event.payloadJson, "payload");
    } catch (const json::JsonError& e) {
        // e.what() is "payload: not valid JSON: <Poco's text>".
        badPayload(event, "is " + std::string(e.what()).substr(std::string_view("payload: ").size()));
    }
    if (payload.kind() != json::JsonValue::Kind::Object) {
        badPayload(event, "is not a JSON object");
    }
    const json::JsonValue* type = payload.find("type");
    if (type == nullptr || type->kind() != json::JsonValue::Kind::String) {
        badPayload(event, "has no text member \"type\"");
    }
    for (const std::string_view member : kEnvelopeMembers) {
        if (payload.find(member) != nullptr) {
            badPayload(event, "must not carry the envelope member \"" + std::string(member) + "\"");
        }
    }
    return payload;
}

} // namespace

DeliveryRecord msgRecord(const storage::OutboxEvent& event, storage::Timestamp publishedAt) {
    DeliveryRecord record;
    record.eventId = event.id;
    record.target = event.target;
    const json::JsonValue payload = payloadObject(event);
    record.eventType = payload.find("type")->asString();
    record.key = event.flid;
    record.sourceId = event.sourceId;

    auto value = json::JsonValue::object();
    value.set("schemaVersion", json::JsonValue::integer(1));
    value.set("eventId", json::JsonValue::integer(event.id));
    if (event.sourceId) {
        value.set("sourceId", json::JsonValue::integer(*event.sourceId));
    }
    value.set("publishedAt", json::JsonValue::string(isoUtcMillis(publishedAt)));
    for (std::size_t i = 0; i < payload.keys().size(); ++i) {
        value.set(payload.keys()[i], payload.items()[i]);
    }
    record.value = json::renderCompactJson(value);
    return record;
}

std::vector<DeliveryRecord> schdRecords(const std::vector<storage::OutboxEvent>& batch,
                                        storage::Timestamp publishedAt) {
    // The index (in `batch`) of the latest event of each FLID; events without a FLID stand alone.
    std::map<storage::FlightId, std::size_t> latestOfFlight;
    for (std::size_t i = 0; i < batch.size(); ++i) {
        if (batch[i].flid) {
            auto [slot, inserted] = latestOfFlight.try_emplace(*batch[i].flid, i);
            if (!inserted && batch[i].id > batch[slot->second].id) {
                slot->second = i;
            }
        }
    }
    std::map<storage::EventId, std::size_t> chosenById;
    for (std::size_t i = 0; i < batch.size(); ++i) {
        if (!batch[i].flid) {
            chosenById.emplace(batch[i].id, i);
        }
    }
    for (const auto& [flid, index] : latestOfFlight) {
        chosenById.emplace(batch[index].id, index);
    }

    std::vector<DeliveryRecord> records;
    records.reserve(chosenById.size());
    for (const auto& [id, index] : chosenById) {
        DeliveryRecord record = msgRecord(batch[index], publishedAt);
        if (record.key && record.eventType == kDeleteType) {
            record.value.reset();
        }
        records.push_back(std::move(record));
    }
    return records;
}

} // namespace msgx::delivery
