// The librdkafka properties of the producer: pass-through of the configured ones, the forced
// reliability settings applied last, a bounded message timeout, and refusal of every weakening.
#include "msgx/delivery/ProducerSettings.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

using KafkaConfig = msgx::delivery::KafkaClientSettings;
using msgx::delivery::ProducerSettings;
using Properties = std::vector<std::pair<std::string, std::string>>;

namespace {

KafkaConfig kafka(std::map<std::string, std::string> properties) {
    KafkaConfig config;
    config.bootstrap = "k1:9092,k2:9092";
    config.clientId = "msgx-test";
    config.properties = std::move(properties);
    return config;
}

std::string refusal(std::map<std::string, std::string> properties) {
    try {
        ProducerSettings::of(kafka(std::move(properties)));
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "accepted";
}

} // namespace

TEST(ProducerSettings, PassesConfiguredPropertiesThroughAndForcesReliabilityLast) {
    const ProducerSettings settings = ProducerSettings::of(kafka({
        {"security.protocol", "SASL_SSL"},
        {"sasl.mechanism", "SCRAM-SHA-512"},
        {"ssl.ca.location", "/etc/msgx/ca.pem"},
        {"acks", "-1"},
        {"linger.ms", "5"},
    }));
    EXPECT_EQ(settings.properties, (Properties{
                                       {"bootstrap.servers", "k1:9092,k2:9092"},
                                       {"client.id", "msgx-test"},
                                       {"acks", "-1"},
                                       {"linger.ms", "5"},
                                       {"sasl.mechanism", "SCRAM-SHA-512"},
                                       {"security.protocol", "SASL_SSL"},
                                       {"ssl.ca.location", "/etc/msgx/ca.pem"},
                                       {"message.timeout.ms", "30000"},
                                       {"acks", "all"},
                                       {"enable.idempotence", "true"},
                                       {"max.in.flight.requests.per.connection", "1"},
                                   }));
    EXPECT_EQ(settings.messageTimeout, std::chrono::seconds(30));
}

TEST(ProducerSettings, TakesAConfiguredMessageTimeoutOrItsAlias) {
    const ProducerSettings settings = ProducerSettings::of(kafka({{"message.timeout.ms", "12000"}}));
    EXPECT_EQ(settings.messageTimeout, std::chrono::milliseconds(12000));
    EXPECT_EQ(std::count_if(settings.properties.begin(), settings.properties.end(),
                            [](const auto& p) { return p.first == "message.timeout.ms"; }),
              1);
    EXPECT_EQ(ProducerSettings::of(kafka({{"delivery.timeout.ms", "7000"}})).messageTimeout,
              std::chrono::milliseconds(7000));
}

TEST(ProducerSettings, RefusesWeakerAcks) {
    EXPECT_EQ(refusal({{"acks", "1"}}), "kafka property acks=1 refused: msgexchange forces acks=all");
    EXPECT_EQ(refusal({{"request.required.acks", "0"}}),
              "kafka property request.required.acks=0 refused: msgexchange forces request.required.acks=all");
}

TEST(ProducerSettings, RefusesDisabledIdempotence) {
    EXPECT_EQ(refusal({{"enable.idempotence", "false"}}),
              "kafka property enable.idempotence=false refused: msgexchange forces enable.idempotence=true");
}

TEST(ProducerSettings, RefusesMoreThanOneRequestInFlight) {
    EXPECT_EQ(refusal({{"max.in.flight.requests.per.connection", "5"}}),
              "kafka property max.in.flight.requests.per.connection=5 refused: msgexchange forces "
              "max.in.flight.requests.per.connection=1");
    EXPECT_EQ(refusal({{"max.in.flight", "2"}}),
              "kafka property max.in.flight=2 refused: msgexchange forces max.in.flight=1");
}

TEST(ProducerSettings, RefusesAnUnboundedOrUnreadableMessageTimeout) {
    const std::string why = "must be a positive number of milliseconds (0 would let a send wait forever)";
    EXPECT_EQ(refusal({{"message.timeout.ms", "0"}}), "kafka property message.timeout.ms=0 refused: " + why);
    EXPECT_EQ(refusal({{"delivery.timeout.ms", "0"}}),
              "kafka property delivery.timeout.ms=0 refused: " + why);
    EXPECT_EQ(refusal({{"message.timeout.ms", "30s"}}),
              "kafka property message.timeout.ms=30s refused: " + why);
    EXPECT_EQ(refusal({{"message.timeout.ms", "-1"}}),
              "kafka property message.timeout.ms=-1 refused: " + why);
}

TEST(ProducerSettings, RefusesATransactionalProducer) {
    EXPECT_EQ(refusal({{"transactional.id", "msgx-1"}})
                  .rfind("kafka property transactional.id=msgx-1 refused: "
                         "msgexchange does not use Kafka transactions",
                         0),
              0U);
}

TEST(ProducerSettings, RefusesPropertiesThatHaveTheirOwnKey) {
    EXPECT_EQ(refusal({{"bootstrap.servers", "x:1"}}),
              "kafka property bootstrap.servers=x:1 refused: set it with kafka.bootstrap / kafka.client-id");
    EXPECT_NE(refusal({{"metadata.broker.list", "x:1"}}), "accepted");
    EXPECT_NE(refusal({{"client.id", "other"}}), "accepted");
}
