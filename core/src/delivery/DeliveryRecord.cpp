#include "msgx/delivery/DeliveryRecord.h"

#include <Poco/Exception.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

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

// The payload's "type", after checking that the payload is a JSON object with a text "type" and
// no member of the envelope.
std::string payloadType(const storage::OutboxEvent& event) {
    Poco::JSON::Object::Ptr object;
    try {
        Poco::JSON::Parser parser;
        const Poco::Dynamic::Var parsed = parser.parse(event.payloadJson);
        if (parsed.type() != typeid(Poco::JSON::Object::Ptr)) {
            badPayload(event, "is not a JSON object");
        }
        object = parsed.extract<Poco::JSON::Object::Ptr>();
    } catch (const Poco::Exception& e) {
        badPayload(event, "is not valid JSON: " + e.displayText());
    }
    if (!object->has("type") || !object->get("type").isString()) {
        badPayload(event, "has no text member \"type\"");
    }
    for (const std::string_view member : kEnvelopeMembers) {
        if (object->has(std::string(member))) {
            badPayload(event, "must not carry the envelope member \"" + std::string(member) + "\"");
        }
    }
    return object->getValue<std::string>("type");
}

// The payload's members as written (between its outer braces), on one line: in valid JSON a raw
// line break can only be whitespace between tokens, so replacing it keeps the meaning and lets
// the value be one line of a JSON-lines file.
std::string payloadMembers(const std::string& payload) {
    const std::size_t open = payload.find('{');
    const std::size_t close = payload.rfind('}');
    std::string members = payload.substr(open + 1, close - open - 1);
    for (char& c : members) {
        if (c == '\n' || c == '\r') {
            c = ' ';
        }
    }
    if (members.find_first_not_of(" \t") == std::string::npos) {
        return {};
    }
    return members;
}

} // namespace

DeliveryRecord msgRecord(const storage::OutboxEvent& event, storage::Timestamp publishedAt) {
    DeliveryRecord record;
    record.eventId = event.id;
    record.target = event.target;
    record.eventType = payloadType(event);
    record.key = event.flid;
    record.sourceId = event.sourceId;

    std::string value = "{\"schemaVersion\":1,\"eventId\":" + std::to_string(event.id);
    if (event.sourceId) {
        value += ",\"sourceId\":" + std::to_string(*event.sourceId);
    }
    value += ",\"publishedAt\":\"" + isoUtcMillis(publishedAt) + "\"";
    const std::string members = payloadMembers(event.payloadJson);
    if (!members.empty()) {
        value += "," + members;
    }
    value += "}";
    record.value = std::move(value);
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
