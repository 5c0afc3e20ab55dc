#include "msgx/delivery/DeliveryRecord.h"

#include "msgx/json/JsonValue.h"

#include <Poco/JSON/Handler.h>
#include <Poco/JSON/Parser.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

namespace msgx::delivery {

namespace {

// The latest schd events of a flight that leave no document: a deletion, and a move to the
// history (the live set forgets the flight as a compacted topic should).
constexpr std::string_view kDeleteType = "flight-delete";
constexpr std::string_view kToHistoryType = "flight-to-history";

// Members the envelope writes itself; a payload carrying one would produce a duplicate key.
constexpr std::array<std::string_view, 4> kEnvelopeMembers{"schemaVersion", "eventId", "sourceId",
                                                           "publishedAt"};

// "2024-03-18T07:15:00.123Z": UTC, millisecond precision. A batch's records share one publishedAt:
// the text of the last instant is kept per thread (formatting it was a sixth of a record's cost).
std::string isoUtcMillis(storage::Timestamp instant) {
    const auto millis = std::chrono::floor<std::chrono::milliseconds>(instant);
    thread_local std::optional<std::pair<std::chrono::sys_time<std::chrono::milliseconds>, std::string>> last;
    if (last && last->first == millis) {
        return last->second;
    }
    const auto seconds = std::chrono::floor<std::chrono::seconds>(millis);
    const std::time_t epochSeconds = std::chrono::system_clock::to_time_t(seconds);
    std::tm utc{};
    gmtime_r(&epochSeconds, &utc);
    char text[64];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                  utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec,
                  static_cast<int>((millis - seconds).count()));
    last.emplace(millis, text);
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

// Reads a payload with Poco's parser without building its tree: whether it is one JSON object whose
// members have distinct names, none of them an envelope member, with a text member "type" (kept).
class PayloadShape final : public Poco::JSON::Handler {
public:
    void reset() override {
        depth_ = 0;
        object_ = false;
        fits_ = true;
        atType_ = false;
        keys_.clear();
        type_.reset();
    }
    void startObject() override { open(true); }
    void endObject() override { --depth_; }
    void startArray() override { open(false); }
    void endArray() override { --depth_; }
    void key(const std::string& name) override {
        if (depth_ != 1) {
            return;
        }
        fits_ = fits_ && std::find(keys_.begin(), keys_.end(), name) == keys_.end() &&
                std::find(kEnvelopeMembers.begin(), kEnvelopeMembers.end(), name) == kEnvelopeMembers.end();
        keys_.push_back(name);
        atType_ = name == "type";
    }
    void null() override { scalar(nullptr); }
    void value(int) override { scalar(nullptr); }
    void value(unsigned) override { scalar(nullptr); }
    void value(Poco::Int64) override { scalar(nullptr); }
    void value(Poco::UInt64) override { scalar(nullptr); }
    void value(const std::string& text) override { scalar(&text); }
    void value(double) override { scalar(nullptr); }
    void value(bool) override { scalar(nullptr); }

    // The "type" text when the payload fits the envelope as it is.
    [[nodiscard]] std::optional<std::string> fittingType() const {
        return fits_ && object_ && depth_ == 0 ? type_ : std::nullopt;
    }

private:
    void open(bool object) {
        if (depth_ == 0) {
            object_ = object;
        } else if (depth_ == 1) {
            atType_ = false; // a "type" that is an object or array is no text
        }
        ++depth_;
    }
    void scalar(const std::string* text) {
        if (depth_ == 0) {
            object_ = false;
        } else if (depth_ == 1 && atType_) {
            type_ = text != nullptr ? std::optional(*text) : std::nullopt;
            atType_ = false;
        }
    }

    int depth_ = 0;
    bool object_ = false;
    bool fits_ = true;
    bool atType_ = false;
    std::vector<std::string> keys_;
    std::optional<std::string> type_;
};

// The record's value without rendering the payload again: the envelope members, then the payload's
// own text after its opening brace. Only for a payload on one line that PayloadShape accepted (what
// the pipeline writes: compact JSON); otherwise nullopt and the caller renders it.
std::optional<std::string> splicedValue(const storage::OutboxEvent& event, storage::Timestamp publishedAt,
                                        std::string& eventType) {
    const std::string& text = event.payloadJson;
    // Two scans for one character each: find_first_of("\r\n") looks each character up in the set,
    // a third of the cost of the parse below.
    if (text.empty() || text.front() != '{' || text.back() != '}' || text.find('\n') != std::string::npos ||
        text.find('\r') != std::string::npos) {
        return std::nullopt;
    }
    // One parser per thread, reset per payload: constructing one cost as much as a short payload's
    // parse.
    thread_local const Poco::SharedPtr<PayloadShape> shape(new PayloadShape);
    thread_local Poco::JSON::Parser parser(shape);
    try {
        parser.reset();
        parser.parse(text);
    } catch (const Poco::Exception&) {
        return std::nullopt; // the full read below names the error
    }
    auto type = shape->fittingType();
    if (!type) {
        return std::nullopt;
    }
    eventType = std::move(*type);
    std::string value = "{\"schemaVersion\":1,\"eventId\":" + std::to_string(event.id);
    if (event.sourceId) {
        value += ",\"sourceId\":" + std::to_string(*event.sourceId);
    }
    value += ",\"publishedAt\":\"" + isoUtcMillis(publishedAt) + "\",";
    value.append(text, 1, std::string::npos);
    return value;
}

} // namespace

DeliveryRecord msgRecord(const storage::OutboxEvent& event, storage::Timestamp publishedAt) {
    DeliveryRecord record;
    record.eventId = event.id;
    record.target = event.target;
    record.key = event.flid;
    record.sourceId = event.sourceId;
    if (auto spliced = splicedValue(event, publishedAt, record.eventType)) {
        record.value = std::move(*spliced);
        return record;
    }
    const json::JsonValue payload = payloadObject(event);
    record.eventType = payload.find("type")->asString();

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
        if (record.key && (record.eventType == kDeleteType || record.eventType == kToHistoryType)) {
            record.value.reset();
        }
        records.push_back(std::move(record));
    }
    return records;
}

} // namespace msgx::delivery
