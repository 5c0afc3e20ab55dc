// makeSink binds a logical target to the sink its configuration names (config::sinkSettings).
#include "msgx/delivery/SinkFactory.h"

#include "msgx/clock/ManualClock.h"
#include "msgx/config/DeliverySettings.h"

#include <gtest/gtest.h>

#include <stdexcept>

using msgx::config::Config;
using msgx::config::DeliveryTarget;
using msgx::config::TargetType;

namespace {

std::unique_ptr<msgx::delivery::DeliverySink> makeSink(const Config& config, const std::string& target) {
    return msgx::delivery::makeSink(msgx::config::sinkSettings(config, target));
}

std::unique_ptr<msgx::delivery::DeliverySink> makeSink(const Config& config, const std::string& target,
                                                       const msgx::Clock& clock) {
    return msgx::delivery::makeSink(msgx::config::sinkSettings(config, target), clock);
}

Config withTargets() {
    Config config;
    config.delivery.targets["msg"] = DeliveryTarget{TargetType::File, "", "/var/lib/msgx/events/msg.jsonl"};
    // Nothing listens on port 1: the sink must still be built (the broker may come later).
    config.delivery.targets["schd"] = DeliveryTarget{TargetType::Kafka, "msgx.schd", ""};
    config.kafka.bootstrap = "127.0.0.1:1";
    return config;
}

} // namespace

TEST(SinkFactory, BuildsAFileSinkOnTheConfiguredPath) {
    EXPECT_EQ(makeSink(withTargets(), "msg")->describe(), "file /var/lib/msgx/events/msg.jsonl");
}

TEST(SinkFactory, BuildsAKafkaSinkEvenWhenNoBrokerIsReachable) {
    const msgx::ManualClock clock(msgx::Clock::time_point{});
    const auto sink = makeSink(withTargets(), "schd", clock);
    EXPECT_EQ(sink->describe(), "kafka topic msgx.schd");
}

TEST(SinkFactory, RefusesAnUnconfiguredTarget) {
    EXPECT_THROW(makeSink(withTargets(), "other"), std::invalid_argument);
}

TEST(SinkFactory, RefusesAWeakenedProducer) {
    Config config = withTargets();
    config.kafka.properties["acks"] = "0";
    EXPECT_THROW(makeSink(config, "schd"), std::invalid_argument);
}

TEST(SinkFactory, RefusesAPropertyLibrdkafkaDoesNotKnow) {
    Config config = withTargets();
    config.kafka.properties["no.such.property"] = "1";
    try {
        makeSink(config, "schd");
        FAIL() << "accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("no.such.property"), std::string::npos) << e.what();
    }
}

TEST(SinkFactory, PassesTlsAndSaslPropertiesToLibrdkafka) {
    Config config = withTargets();
    config.kafka.properties = {{"security.protocol", "SASL_SSL"},
                               {"sasl.mechanism", "SCRAM-SHA-256"},
                               {"sasl.username", "msgx"},
                               {"sasl.password", "secret"},
                               {"ssl.endpoint.identification.algorithm", "https"}};
    EXPECT_EQ(makeSink(config, "schd")->describe(), "kafka topic msgx.schd");
    // A value librdkafka rejects proves the properties reach it rather than being dropped.
    config.kafka.properties["security.protocol"] = "CARRIER_PIGEON";
    try {
        makeSink(config, "schd");
        FAIL() << "accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("security.protocol=CARRIER_PIGEON"), std::string::npos)
            << e.what();
    }
}

TEST(SinkFactory, NeverShowsASecretInARefusal) {
    Config config = withTargets();
    config.kafka.properties = {{"ssl.no.such.password", "hunter2"}};
    try {
        makeSink(config, "schd");
        FAIL() << "accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()).find("hunter2"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("ssl.no.such.password=(hidden)"), std::string::npos) << e.what();
    }
}
