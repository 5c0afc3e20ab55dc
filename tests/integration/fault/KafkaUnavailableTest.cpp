// A producer facing a Kafka cluster that is unreachable (all brokers down) or stopped answering
// (frozen) gets a failed delivery report once message.timeout.ms has passed, not a hang.
#include "PrivateServices.h"

#include <librdkafka/rdkafkacpp.h>

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace {

class LastDelivery : public RdKafka::DeliveryReportCb {
public:
    void dr_cb(RdKafka::Message& message) override {
        ++reports;
        error = message.err();
    }
    int reports = 0;
    RdKafka::ErrorCode error = RdKafka::ERR_NO_ERROR;
};

// Produces one record with the product's reliability settings and a short message timeout;
// returns the outcome of its delivery report.
LastDelivery produceOne(const std::string& bootstrap) {
    LastDelivery delivery;
    std::unique_ptr<RdKafka::Conf> conf(RdKafka::Conf::create(RdKafka::Conf::CONF_GLOBAL));
    std::string error;
    for (const auto& [name, value] : {std::pair{"bootstrap.servers", bootstrap},
                                      {"acks", "all"},
                                      {"enable.idempotence", "true"},
                                      {"max.in.flight.requests.per.connection", "1"},
                                      {"message.timeout.ms", "3000"}}) {
        EXPECT_EQ(conf->set(name, value, error), RdKafka::Conf::CONF_OK) << name << ": " << error;
    }
    EXPECT_EQ(conf->set("dr_cb", &delivery, error), RdKafka::Conf::CONF_OK) << error;
    std::unique_ptr<RdKafka::Producer> producer(RdKafka::Producer::create(conf.get(), error));
    if (!producer) {
        ADD_FAILURE() << error;
        return delivery;
    }
    std::string value = "payload";
    const std::string key = "key";
    EXPECT_EQ(producer->produce("fault", RdKafka::Topic::PARTITION_UA, RdKafka::Producer::RK_MSG_COPY,
                                value.data(), value.size(), key.data(), key.size(), 0, nullptr),
              RdKafka::ERR_NO_ERROR);
    // Bounded: the record's own timeout is 3 s; 60 s only guards against a hang.
    producer->flush(60'000);
    EXPECT_EQ(producer->outq_len(), 0) << "the record is still queued: its delivery report never came";
    return delivery;
}

} // namespace

TEST(KafkaFault, ProduceFailsItsDeliveryReportWhenAllBrokersAreDown) {
    msgx::test::PrivateServices services("kafka");
    for (int broker = 1; broker <= 3; ++broker) {
        services.kafkaCommand("down " + std::to_string(broker));
    }

    const LastDelivery delivery = produceOne(services.get("MSGX_TEST_KAFKA"));

    EXPECT_EQ(delivery.reports, 1);
    EXPECT_NE(delivery.error, RdKafka::ERR_NO_ERROR);
}

TEST(KafkaFault, ProduceFailsWhileTheClusterIsFrozenAndSucceedsAfterThaw) {
    msgx::test::PrivateServices services("kafka");
    services.freeze("kafka");
    const LastDelivery whileFrozen = produceOne(services.get("MSGX_TEST_KAFKA"));
    services.thaw("kafka");
    const LastDelivery afterThaw = produceOne(services.get("MSGX_TEST_KAFKA"));

    EXPECT_EQ(whileFrozen.reports, 1);
    EXPECT_NE(whileFrozen.error, RdKafka::ERR_NO_ERROR);
    EXPECT_EQ(afterThaw.reports, 1);
    EXPECT_EQ(afterThaw.error, RdKafka::ERR_NO_ERROR) << RdKafka::err2str(afterThaw.error);
}
