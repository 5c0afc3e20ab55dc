// KafkaSink against the shared mock cluster (MSGX_TEST_KAFKA): what a consumer reads back, bulk
// ordering per key, and a record the producer refuses.
#include "msgx/delivery/KafkaSink.h"

#include "KafkaReadBackCheck.h"
#include "RequireEnv.h"
#include "SinkReadBack.h"
#include "SinkRecords.h"
#include "UniqueName.h"
#include "msgx/clock/SystemClock.h"

#include <gtest/gtest.h>

#include <set>

using msgx::delivery::DeliveryRecord;
using msgx::delivery::KafkaSink;
using msgx::delivery::SendResult;
using msgx::test::flightUpdateRecord;
using msgx::test::readTopic;
using msgx::test::requireEnv;
using Status = SendResult::Status;

namespace {

msgx::delivery::KafkaClientSettings kafka(const std::string& bootstrap,
                                          std::map<std::string, std::string> properties = {}) {
    msgx::delivery::KafkaClientSettings config;
    config.bootstrap = bootstrap;
    config.clientId = "msgx-sinks-test";
    config.properties = std::move(properties);
    return config;
}

std::vector<Status> statuses(const std::vector<SendResult>& results) {
    std::vector<Status> out;
    for (const SendResult& result : results) {
        out.push_back(result.status);
    }
    return out;
}

} // namespace

TEST(KafkaSink, AConsumerReadsKeyHeadersValueAndATombstone) {
    const std::string bootstrap = requireEnv("MSGX_TEST_KAFKA");
    const std::string topic = msgx::test::uniqueName("sinks_record");
    msgx::SystemClock clock;
    KafkaSink sink(kafka(bootstrap), topic, clock);

    const DeliveryRecord update = flightUpdateRecord(7, 1001);
    DeliveryRecord tombstone;
    tombstone.eventId = 8;
    tombstone.target = "schd";
    tombstone.eventType = "flight-delete";
    tombstone.key = 1001;
    const std::vector<SendResult> results = sink.send({update, tombstone});
    ASSERT_EQ(results, (std::vector<SendResult>{{}, {}})) << results[0].error << " / " << results[1].error;
    EXPECT_TRUE(sink.health().healthy);
    EXPECT_EQ(sink.describe(), "kafka topic " + topic);

    const auto records = readTopic(bootstrap, topic);
    ASSERT_EQ(records.size(), 2U);
    EXPECT_EQ(records[0].key, "1001");
    EXPECT_EQ(records[0].headers, "msgx-event-id=7,msgx-source-id=5007,msgx-event-type=flight-update");
    EXPECT_EQ(records[0].value, update.value);
    EXPECT_EQ(records[1].key, "1001");
    EXPECT_EQ(records[1].headers, "msgx-event-id=8,msgx-event-type=flight-delete");
    EXPECT_EQ(records[1].value, std::nullopt);
}

TEST(KafkaSink, TenThousandRecordsAcross500KeysArriveOnceEachInOrderPerKey) {
    const std::string bootstrap = requireEnv("MSGX_TEST_KAFKA");
    const std::string topic = msgx::test::uniqueName("sinks_bulk");
    msgx::SystemClock clock;
    KafkaSink sink(kafka(bootstrap), topic, clock);

    constexpr int kCount = 10'000;
    const std::vector<DeliveryRecord> all = msgx::test::interleavedRecords(kCount, 500);
    for (std::size_t start = 0; start < all.size(); start += 500) {
        const std::vector<DeliveryRecord> batch(all.begin() + static_cast<std::ptrdiff_t>(start),
                                                all.begin() + static_cast<std::ptrdiff_t>(start + 500));
        const std::vector<SendResult> results = sink.send(batch);
        ASSERT_EQ(statuses(results), std::vector<Status>(batch.size(), Status::Acked))
            << "batch at " << start << ": " << results.front().error;
    }
    msgx::test::expectEachOnceInOrderPerKey(readTopic(bootstrap, topic), kCount);
}

// A record librdkafka refuses to queue stops the batch: the records not produced yet wait behind it
// (those of another key produced before it go on).
TEST(KafkaSink, ARecordOverTheSizeLimitIsRefusedAndTheRecordsBehindItWait) {
    const std::string bootstrap = requireEnv("MSGX_TEST_KAFKA");
    const std::string topic = msgx::test::uniqueName("sinks_oversize");
    msgx::SystemClock clock;
    KafkaSink sink(kafka(bootstrap, {{"message.max.bytes", "2000"}}), topic, clock);

    DeliveryRecord oversize = flightUpdateRecord(2, 1);
    oversize.value = std::string(5000, 'x');
    const std::vector<SendResult> results =
        sink.send({flightUpdateRecord(1, 1), oversize, flightUpdateRecord(3, 2), flightUpdateRecord(4, 1)});
    ASSERT_EQ(statuses(results),
              (std::vector<Status>{Status::Acked, Status::Refused, Status::Acked, Status::Unavailable}));
    EXPECT_EQ(results[1].error.rfind("MSG_SIZE_TOO_LARGE", 0), 0U) << results[1].error;
    EXPECT_NE(results[3].error.find("event 2"), std::string::npos) << results[3].error;
    // A refusal is about the record, not the cluster.
    EXPECT_TRUE(sink.health().healthy) << sink.health().problem;

    const auto records = readTopic(bootstrap, topic);
    ASSERT_EQ(records.size(), 2U);
    std::set<std::string> delivered; // two keys: two partitions, read in either order
    for (const auto& record : records) {
        delivered.insert(msgx::test::headerValue(record.headers, "msgx-event-id").value_or("?"));
    }
    EXPECT_EQ(delivered, (std::set<std::string>{"1", "3"}));
}
