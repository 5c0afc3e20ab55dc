// The pipeline delivering to Kafka (a private librdkafka mock cluster) while the daemon is killed
// with kill -9 during its send bursts: every event arrives at least once and, after a consumer drops
// duplicates by the msgx-event-id header, in EVENT_ID order per FLID (the delivery issue's crash
// acceptance, end to end from the mailbox).
#include "DaemonProcess.h"
#include "E2eSupport.h"
#include "KafkaDeliveryCheck.h"
#include "RunPlan.h"
#include "ServerSite.h"
#include "SinkReadBack.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <thread>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using namespace Poco::Data::Keywords;

TEST(ServerKafka, KilledDuringSendBurstsDeliversEveryEventInOrderPerFlight) {
    std::uint32_t seed = std::random_device{}();
    if (const char* given = std::getenv("MSGX_E2E_SEED")) {
        seed = static_cast<std::uint32_t>(std::strtoul(given, nullptr, 10));
    }
    std::cout << "seed " << seed << " (MSGX_E2E_SEED=" << seed << " repeats this run)\n";
    ServerSite site({"scripted-handler.so"}, /*kafka=*/true);
    site.services().kafkaCommand("topic " + site.msgTopic() + " 6");
    site.services().kafkaCommand("topic " + site.schdTopic() + " 6");
    RunMix mix;
    mix.flights = 100;
    const auto plan = makeRunPlan(2000, mix, seed);
    site.insert(plan.documents);

    std::mt19937 random(seed);
    std::uniform_int_distribution<int> moment(50, 700);
    DaemonProcess daemon(kMsgxdBin, site.config(), site.dir() / "msgxd.log",
                         {"LSAN_OPTIONS=suppressions=" MSGX_E2E_LSAN_SUPPRESSIONS});
    std::int64_t logOffset = 0;
    std::vector<int> moments;
    for (int kill = 0; kill < 10; ++kill) {
        daemon.start();
        logOffset = daemon.waitForLog("writer lease acquired", 60s, logOffset);
        ASSERT_GE(logOffset, 0) << daemon.log();
        moments.push_back(moment(random));
        std::this_thread::sleep_for(std::chrono::milliseconds(moments.back()));
        daemon.kill9();
    }
    std::cout << "killed at (ms after becoming writer):";
    for (const int ms : moments) {
        std::cout << ' ' << ms;
    }
    std::cout << '\n';
    daemon.start();
    ASSERT_TRUE(waitUntil([&] { return runSettled(site, plan.documents.size()); }, 240s)) << daemon.log();
    EXPECT_EQ(daemon.terminate(), 0);

    // What the outbox promised: every msg event, per FLID in EVENT_ID order.
    std::vector<Poco::Int64> ids;
    std::vector<Poco::Int64> flids;
    auto store = site.store();
    store << "SELECT EVENT_ID, FLID FROM MSG_EVENT WHERE TARGET = 'msg' ORDER BY EVENT_ID", into(ids),
        into(flids), now;
    std::map<std::int64_t, std::vector<std::int64_t>> expectedPerFlight;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        expectedPerFlight[flids[i]].push_back(ids[i]);
    }
    ASSERT_EQ(ids.size(), plan.documents.size()); // every message is a TEST-SET with a new value
    const auto topic = deduplicate(readTopic(site.services().get("MSGX_TEST_KAFKA"), site.msgTopic()));
    expectEveryEventInOrderPerFlight(topic, expectedPerFlight);
    std::cout << topic.records << " records for " << ids.size() << " events ("
              << topic.records - static_cast<int>(ids.size()) << " duplicates from re-sends after kills)\n";
    verifyRun(site, plan, /*deliveredToFile=*/false);
}

} // namespace
} // namespace msgx::test
