// The shared Kafka mock cluster (MSGX_TEST_KAFKA) accepts keyed records from an idempotent
// producer and another process (kcat) reads back exactly those records, in order per key.
#include "RequireEnv.h"
#include "Subprocess.h"
#include "UniqueName.h"

#include <librdkafka/rdkafkacpp.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <sstream>
#include <string>

using msgx::test::requireEnv;
using namespace std::chrono_literals;

namespace {

constexpr int kKeys = 50;
constexpr int kRecordsPerKey = 20;

class DeliveryCounter : public RdKafka::DeliveryReportCb {
public:
    void dr_cb(RdKafka::Message& message) override {
        if (message.err() == RdKafka::ERR_NO_ERROR) {
            ++delivered;
        } else {
            ++failed;
            lastError = message.errstr();
        }
    }
    int delivered = 0;
    int failed = 0;
    std::string lastError;
};

void set(RdKafka::Conf& conf, const std::string& name, const std::string& value) {
    std::string error;
    ASSERT_EQ(conf.set(name, value, error), RdKafka::Conf::CONF_OK) << name << ": " << error;
}

std::string keyName(int key) {
    char text[8];
    std::snprintf(text, sizeof text, "k%02d", key);
    return text;
}

} // namespace

TEST(KafkaSmoke, IdempotentProducerRecordsAreReadBackByKcatInOrderPerKey) {
    const std::string bootstrap = requireEnv("MSGX_TEST_KAFKA");
    const std::string topic = msgx::test::uniqueName("smoke");

    DeliveryCounter deliveries;
    std::unique_ptr<RdKafka::Conf> conf(RdKafka::Conf::create(RdKafka::Conf::CONF_GLOBAL));
    set(*conf, "bootstrap.servers", bootstrap);
    set(*conf, "acks", "all");
    set(*conf, "enable.idempotence", "true");
    set(*conf, "max.in.flight.requests.per.connection", "1");
    std::string error;
    ASSERT_EQ(conf->set("dr_cb", &deliveries, error), RdKafka::Conf::CONF_OK) << error;
    std::unique_ptr<RdKafka::Producer> producer(RdKafka::Producer::create(conf.get(), error));
    ASSERT_NE(producer, nullptr) << error;

    // Sequence-major order, so that records of different keys interleave on the wire.
    for (int sequence = 0; sequence < kRecordsPerKey; ++sequence) {
        for (int key = 0; key < kKeys; ++key) {
            const std::string keyText = keyName(key);
            const std::string value = keyText + ":" + std::to_string(sequence);
            RdKafka::ErrorCode err;
            while ((err = producer->produce(topic, RdKafka::Topic::PARTITION_UA,
                                            RdKafka::Producer::RK_MSG_COPY, const_cast<char*>(value.data()),
                                            value.size(), keyText.data(), keyText.size(), 0, nullptr)) ==
                   RdKafka::ERR__QUEUE_FULL) {
                producer->poll(100);
            }
            ASSERT_EQ(err, RdKafka::ERR_NO_ERROR) << RdKafka::err2str(err);
        }
    }
    ASSERT_EQ(producer->flush(60'000), RdKafka::ERR_NO_ERROR) << "records still queued after 60 s";
    ASSERT_EQ(deliveries.failed, 0) << deliveries.lastError;
    ASSERT_EQ(deliveries.delivered, kKeys * kRecordsPerKey);

    const auto kcat = msgx::test::runSubprocess(
        {"kcat", "-C", "-b", bootstrap, "-t", topic, "-o", "beginning", "-e", "-q", "-f", "%k %s\\n"}, 60s);
    ASSERT_EQ(kcat.exitCode, 0) << kcat.err;

    std::map<std::string, int> nextSequence;
    int records = 0;
    std::istringstream lines(kcat.out);
    for (std::string key, value; lines >> key >> value; ++records) {
        const std::string expected = key + ":" + std::to_string(nextSequence[key]++);
        EXPECT_EQ(value, expected) << "record " << records << " out of order";
    }
    EXPECT_EQ(records, kKeys * kRecordsPerKey);
    EXPECT_EQ(nextSequence.size(), static_cast<size_t>(kKeys));
}
