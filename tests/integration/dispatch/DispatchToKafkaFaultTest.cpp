// MSG_EVENT -> Kafka while the private mock cluster misbehaves: refused produce requests that the
// producer retries, added round-trip time, and a broker down for 10 s. Still every event arrives,
// none is reordered within its FLID, and no transport problem counts an attempt.
#include "KafkaDeliveryCheck.h"
#include "KafkaDispatchRun.h"
#include "PrivateServices.h"
#include "UniqueName.h"

#include <gtest/gtest.h>

#include <thread>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;

// ApiKey 0 is Produce.
const std::string kProduce = "0";

TEST(DispatchToKafkaFault, ProduceErrorsSlowBrokersAndATenSecondOutageLoseAndReorderNothing) {
    PrivateServices services("kafka");
    const std::string bootstrap = services.get("MSGX_TEST_KAFKA");
    const std::string topic = uniqueName("dispatch_fault");
    services.kafkaCommand("topic " + topic + " 6");
    KafkaDispatchRun run(bootstrap, topic);
    run.start();

    run.addEvents(2000, 500);
    services.kafkaCommand("perr " + kProduce + " NOT_ENOUGH_REPLICAS 3");
    services.kafkaCommand("perr " + kProduce + " NOT_LEADER_FOR_PARTITION 2");
    run.addEvents(2000, 500);
    services.kafkaCommand("rtt all 100");
    run.addEvents(2000, 500);
    services.kafkaCommand("rtt all 0");

    // Broker 2 leads some partitions; events keep arriving while it is down.
    services.kafkaCommand("down 2");
    for (int second = 0; second < 10; ++second) {
        run.addEvents(200, 500);
        std::this_thread::sleep_for(1s); // real-world outage length
    }
    services.kafkaCommand("up 2");
    run.addEvents(2000, 500);
    ASSERT_TRUE(run.waitUntilDelivered(90s)) << run.dispatcher().status().problem;

    for (const auto& event : run.outbox().events("msg")) {
        ASSERT_EQ(event.attempts, 0) << "event " << event.id << " counted a transport problem as an attempt";
    }
    const auto topicSeen = deduplicate(readTopic(bootstrap, topic));
    EXPECT_GE(topicSeen.records, 10000);
    expectEveryEventInOrderPerFlight(topicSeen, run.expectedPerFlight());
}

TEST(DispatchToKafkaFault, AllBrokersDownMakesTheTargetWaitUnhealthyWithoutCountingAttempts) {
    PrivateServices services("kafka");
    const std::string bootstrap = services.get("MSGX_TEST_KAFKA");
    const std::string topic = uniqueName("dispatch_down");
    services.kafkaCommand("topic " + topic + " 3");
    services.kafkaCommand("down all");
    // A short message timeout, so that sends end Unavailable while the brokers are down.
    KafkaDispatchRun run(bootstrap, topic, nullptr, KafkaDispatchRun::defaultSettings(), "2000");
    run.addEvents(300, 30);
    run.start();

    // Real-world wait (bounded) until the dispatcher saw the outage.
    for (int look = 0; look < 200 && run.dispatcher().status().healthy; ++look) {
        std::this_thread::sleep_for(100ms);
    }
    const auto down = run.dispatcher().status();
    EXPECT_FALSE(down.healthy);
    EXPECT_FALSE(down.problem.empty());
    EXPECT_EQ(down.sentTotal, 0);
    std::this_thread::sleep_for(3s); // more failed sends while the brokers stay down
    for (const auto& event : run.outbox().events("msg")) {
        ASSERT_EQ(event.state, storage::EventState::Pending);
        ASSERT_EQ(event.attempts, 0) << "event " << event.id << " counted an outage as an attempt";
    }

    services.kafkaCommand("up all");
    ASSERT_TRUE(run.waitUntilDelivered(60s)) << run.dispatcher().status().problem;
    // The round that marked the last events SENT reports right after (real-world wait, bounded).
    for (int look = 0; look < 50 && !run.dispatcher().status().healthy; ++look) {
        std::this_thread::sleep_for(100ms);
    }
    EXPECT_TRUE(run.dispatcher().status().healthy) << run.dispatcher().status().problem;
    for (const auto& event : run.outbox().events("msg")) {
        ASSERT_EQ(event.attempts, 0) << "event " << event.id;
    }
    expectEveryEventInOrderPerFlight(deduplicate(readTopic(bootstrap, topic)), run.expectedPerFlight());
}

} // namespace
} // namespace msgx::test
