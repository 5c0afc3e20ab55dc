// The record a sink sends for an outbox event: the envelope around the payload, the key, the
// header values, and the schd aggregation (latest per flight, tombstones, order).
#include "msgx/delivery/DeliveryRecord.h"

#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

using msgx::delivery::DeliveryRecord;
using msgx::delivery::msgRecord;
using msgx::delivery::schdRecords;
using msgx::storage::OutboxEvent;
using msgx::storage::Timestamp;

namespace {

// 2024-03-18T07:15:00.123456Z
const Timestamp kPublishedAt =
    Timestamp(std::chrono::seconds(1710746100)) + std::chrono::microseconds(123456);

OutboxEvent event(std::int64_t id, std::optional<std::int64_t> flid, std::string payload,
                  std::optional<std::int64_t> source = 900, std::string target = "msg") {
    OutboxEvent e;
    e.id = id;
    e.target = std::move(target);
    e.flid = flid;
    e.payloadJson = std::move(payload);
    e.sourceId = source;
    return e;
}

std::vector<std::int64_t> ids(const std::vector<DeliveryRecord>& records) {
    std::vector<std::int64_t> out;
    for (const DeliveryRecord& r : records) {
        out.push_back(r.eventId);
    }
    return out;
}

} // namespace

TEST(MsgRecord, WrapsThePayloadMembersInOrderAfterTheEnvelope) {
    const DeliveryRecord record = msgRecord(
        event(7, 1001, R"({"type":"flight-update","flid":1001,"fields":{"stnd":"A12","eta":null}})"),
        kPublishedAt);
    EXPECT_EQ(record.value,
              R"({"schemaVersion":1,"eventId":7,"sourceId":900,"publishedAt":"2024-03-18T07:15:00.123Z",)"
              R"("type":"flight-update","flid":1001,"fields":{"stnd":"A12","eta":null}})");
    EXPECT_EQ(record.eventId, 7);
    EXPECT_EQ(record.target, "msg");
    EXPECT_EQ(record.eventType, "flight-update");
    EXPECT_EQ(record.key, 1001);
    EXPECT_EQ(record.sourceId, 900);
}

TEST(MsgRecord, LeavesOutAnUnknownSourceAndTheKeyOfAnEventWithoutFlight) {
    const DeliveryRecord record =
        msgRecord(event(8, std::nullopt, R"({"type":"note"})", std::nullopt), kPublishedAt);
    EXPECT_EQ(record.value,
              R"({"schemaVersion":1,"eventId":8,"publishedAt":"2024-03-18T07:15:00.123Z","type":"note"})");
    EXPECT_EQ(record.key, std::nullopt);
    EXPECT_EQ(record.sourceId, std::nullopt);
}

TEST(MsgRecord, PutsAPrettyPrintedPayloadOnOneLine) {
    const DeliveryRecord record =
        msgRecord(event(9, 5, "{\n  \"type\": \"flight-update\",\r\n  \"flid\": 5\n}\n"), kPublishedAt);
    ASSERT_TRUE(record.value);
    EXPECT_EQ(record.value->find_first_of("\r\n"), std::string::npos) << *record.value;
    EXPECT_NE(record.value->find(R"("type":"flight-update","flid":5})"), std::string::npos) << *record.value;
}

TEST(MsgRecord, RefusesABadPayloadNamingTheEvent) {
    const auto messageOf = [](const std::string& payload) {
        try {
            msgRecord(event(41, 1, payload), kPublishedAt);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("no exception");
    };
    EXPECT_EQ(messageOf("[1,2]"), "event 41 (target msg): payload is not a JSON object");
    EXPECT_EQ(messageOf(R"({"flid":1})"), "event 41 (target msg): payload has no text member \"type\"");
    EXPECT_EQ(messageOf(R"({"type":3})"), "event 41 (target msg): payload has no text member \"type\"");
    EXPECT_EQ(messageOf(R"({"type":"x","eventId":2})"),
              "event 41 (target msg): payload must not carry the envelope member \"eventId\"");
    EXPECT_EQ(messageOf("{\"type\":").rfind("event 41 (target msg): payload is not valid JSON", 0), 0U);
}

TEST(SchdRecords, SendsTheLatestEventOfEachFlightInTheOrderOfThoseLatestEvents) {
    const std::vector<OutboxEvent> batch{
        event(10, 1, R"({"type":"flight-upsert","flid":1,"document":{"v":1}})", 100, "schd"),
        event(11, 2, R"({"type":"flight-upsert","flid":2,"document":{"v":1}})", 101, "schd"),
        event(12, 1, R"({"type":"flight-upsert","flid":1,"document":{"v":2}})", 102, "schd"),
        event(13, 3, R"({"type":"flight-upsert","flid":3,"document":{"v":1}})", 103, "schd"),
    };
    const std::vector<DeliveryRecord> records = schdRecords(batch, kPublishedAt);
    EXPECT_EQ(ids(records), (std::vector<std::int64_t>{11, 12, 13}));
    ASSERT_EQ(records.size(), 3U);
    EXPECT_EQ(records[1].key, 1);
    EXPECT_EQ(records[1].sourceId, 102);
    EXPECT_EQ(records[1].target, "schd");
    ASSERT_TRUE(records[1].value);
    EXPECT_NE(records[1].value->find(R"("document":{"v":2})"), std::string::npos) << *records[1].value;
}

TEST(SchdRecords, AFlightWhoseLatestEventDeletesItGetsATombstone) {
    const std::vector<OutboxEvent> batch{
        event(20, 1, R"({"type":"flight-upsert","flid":1,"document":{}})", 1, "schd"),
        event(21, 1, R"({"type":"flight-delete","flid":1})", 2, "schd"),
        event(22, 2, R"({"type":"flight-delete","flid":2})", 3, "schd"),
        event(23, 2, R"({"type":"flight-upsert","flid":2,"document":{}})", 4, "schd"),
    };
    const std::vector<DeliveryRecord> records = schdRecords(batch, kPublishedAt);
    ASSERT_EQ(ids(records), (std::vector<std::int64_t>{21, 23}));
    EXPECT_EQ(records[0].value, std::nullopt);
    EXPECT_EQ(records[0].eventType, "flight-delete");
    EXPECT_EQ(records[0].key, 1);
    EXPECT_TRUE(records[1].value.has_value());
}

TEST(SchdRecords, EventsWithoutAFlightAreEachSentInTheirPlace) {
    const std::vector<OutboxEvent> batch{
        event(30, std::nullopt, R"({"type":"flight-delete"})", 1, "schd"),
        event(31, 7, R"({"type":"flight-upsert","flid":7,"document":{}})", 2, "schd"),
        event(32, std::nullopt, R"({"type":"note"})", 3, "schd"),
        event(33, 7, R"({"type":"flight-upsert","flid":7,"document":{}})", 4, "schd"),
    };
    const std::vector<DeliveryRecord> records = schdRecords(batch, kPublishedAt);
    ASSERT_EQ(ids(records), (std::vector<std::int64_t>{30, 32, 33}));
    // Without a key a tombstone means nothing: the value stays.
    EXPECT_TRUE(records[0].value.has_value());
}

TEST(SchdRecords, AnEmptyBatchHasNoRecords) {
    EXPECT_TRUE(schdRecords({}, kPublishedAt).empty());
}
