// MSG_EVENT -> Kafka through the msg dispatcher and KafkaSink, read back by another process (kcat):
// every event once, in EVENT_ID order per FLID; a lost SENT update yields a duplicate with the
// same msgx-event-id that a de-duplicating consumer drops.
#include "DeliveredMarkFailingStore.h"
#include "KafkaDeliveryCheck.h"
#include "KafkaDispatchRun.h"
#include "RequireEnv.h"
#include "UniqueName.h"

#include <gtest/gtest.h>

#include <map>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;

TEST(DispatchToKafka, TenThousandEventsOfFiveHundredFlightsArriveOnceEachInOrderPerFlight) {
    const std::string bootstrap = requireEnv("MSGX_TEST_KAFKA");
    const std::string topic = uniqueName("dispatch");
    KafkaDispatchRun run(bootstrap, topic);
    run.addEvents(10000, 500);
    run.start();
    ASSERT_TRUE(run.waitUntilDelivered(90s)) << run.dispatcher().status().problem;

    const auto status = run.dispatcher().status();
    EXPECT_EQ(status.sentTotal, 10000);
    EXPECT_TRUE(status.healthy) << status.problem;
    const auto topicSeen = deduplicate(readTopic(bootstrap, topic));
    EXPECT_EQ(topicSeen.records, 10000); // no duplicates without a fault
    expectEveryEventInOrderPerFlight(topicSeen, run.expectedPerFlight());
}

TEST(DispatchToKafka, ALostDeliveredRecordIsADuplicateWithTheSameEventIdThatAConsumerDrops) {
    const std::string bootstrap = requireEnv("MSGX_TEST_KAFKA");
    const std::string topic = uniqueName("dispatch_dup");
    auto settings = KafkaDispatchRun::defaultSettings();
    settings.batchSize = 5;
    SystemClock clock;
    SqliteOwnStore store(clock);
    DeliveredMarkFailingStore failing(store.store());
    failing.failNextRecordDelivered(1);
    // The run's own store is unused: events go into `store`, dispatched through `failing`.
    KafkaDispatchRun run(bootstrap, topic, &failing, settings);
    std::map<std::int64_t, std::vector<std::int64_t>> expected;
    for (int i = 0; i < 20; ++i) {
        const storage::FlightId flid = i % 4 + 1;
        const auto ids = store.addEvents({{"msg", flid, flightUpdate(flid, i / 4)}});
        expected[flid].push_back(ids.at(0));
    }
    run.start();
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    while (store.store().events().pendingCount("msg", 0) > 0 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(100ms); // real-world wait: delivery and its retry after the store failure
    }
    ASSERT_EQ(store.store().events().pendingCount("msg", 0), 0);
    EXPECT_EQ(failing.failedRecordDelivered(), 1);

    const auto records = readTopic(bootstrap, topic);
    const auto topicSeen = deduplicate(records);
    // The first batch (events 1..5) was acknowledged and its delivered record lost while the second
    // (6..10, read ahead) was sent: both were sent again, from the mark the store kept.
    EXPECT_EQ(topicSeen.records, 30);
    for (const auto& [id, copies] : topicSeen.copies) {
        EXPECT_EQ(copies, id <= expected[1].front() + 9 ? 2 : 1) << "event " << id;
    }
    expectEveryEventInOrderPerFlight(topicSeen, expected);
}

TEST(DispatchToKafka, SchdSendsTheLatestStateOfEachFlightOnceAndADeletedFlightAsATombstone) {
    const std::string bootstrap = requireEnv("MSGX_TEST_KAFKA");
    const std::string topic = uniqueName("dispatch_schd");
    auto settings = KafkaDispatchRun::defaultSettings();
    settings.target = "schd";
    settings.aggregated = true;
    settings.flushPeriod = 1s; // the window is on the system clock here
    KafkaDispatchRun run(bootstrap, topic, nullptr, settings);
    const auto ids = run.outbox().addEvents({{"schd", 1, flightUpsert(1, 1)},
                                             {"schd", 2, flightUpsert(2, 1)},
                                             {"schd", 1, flightUpsert(1, 2)},
                                             {"schd", 2, flightDelete(2)},
                                             {"schd", 1, flightUpsert(1, 3)}});
    run.start();
    ASSERT_TRUE(run.waitUntilDelivered(60s)) << run.dispatcher().status().problem;

    const auto records = readTopic(bootstrap, topic);
    ASSERT_EQ(records.size(), 2u);
    std::map<std::string, ReadBackRecord> byKey;
    for (const auto& record : records) {
        byKey[record.key.value_or("")] = record;
    }
    ASSERT_EQ(byKey.count("1"), 1u);
    ASSERT_EQ(byKey.count("2"), 1u);
    EXPECT_EQ(headerValue(byKey["1"].headers, "msgx-event-id"), std::to_string(ids[4]));
    ASSERT_TRUE(byKey["1"].value.has_value());
    EXPECT_NE(byKey["1"].value->find(R"("version":3)"), std::string::npos) << *byKey["1"].value;
    EXPECT_EQ(headerValue(byKey["2"].headers, "msgx-event-id"), std::to_string(ids[3]));
    EXPECT_FALSE(byKey["2"].value.has_value()); // tombstone
}

} // namespace
} // namespace msgx::test
