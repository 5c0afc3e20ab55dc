// Which librdkafka errors count toward an event's attempts (Refused) and which only make the
// target wait (Unavailable).
#include "msgx/delivery/KafkaErrorClass.h"

#include <librdkafka/rdkafka.h>

#include <gtest/gtest.h>

using msgx::delivery::kafkaErrorStatus;
using msgx::delivery::kafkaErrorText;
using Status = msgx::delivery::SendResult::Status;

TEST(KafkaErrorClass, NoErrorIsAcked) {
    EXPECT_EQ(kafkaErrorStatus(RD_KAFKA_RESP_ERR_NO_ERROR), Status::Acked);
}

TEST(KafkaErrorClass, TransportAndRetriableErrorsAreUnavailable) {
    for (const rd_kafka_resp_err_t error : {RD_KAFKA_RESP_ERR__MSG_TIMED_OUT,
                                            RD_KAFKA_RESP_ERR__TIMED_OUT,
                                            RD_KAFKA_RESP_ERR__TRANSPORT,
                                            RD_KAFKA_RESP_ERR__ALL_BROKERS_DOWN,
                                            RD_KAFKA_RESP_ERR__RESOLVE,
                                            RD_KAFKA_RESP_ERR__SSL,
                                            RD_KAFKA_RESP_ERR__AUTHENTICATION,
                                            RD_KAFKA_RESP_ERR__PURGE_QUEUE,
                                            RD_KAFKA_RESP_ERR__PURGE_INFLIGHT,
                                            RD_KAFKA_RESP_ERR__FATAL,
                                            RD_KAFKA_RESP_ERR__QUEUE_FULL,
                                            RD_KAFKA_RESP_ERR_NOT_ENOUGH_REPLICAS,
                                            RD_KAFKA_RESP_ERR_NOT_ENOUGH_REPLICAS_AFTER_APPEND,
                                            RD_KAFKA_RESP_ERR_NOT_LEADER_FOR_PARTITION,
                                            RD_KAFKA_RESP_ERR_LEADER_NOT_AVAILABLE,
                                            RD_KAFKA_RESP_ERR_REQUEST_TIMED_OUT,
                                            RD_KAFKA_RESP_ERR_NETWORK_EXCEPTION,
                                            RD_KAFKA_RESP_ERR_KAFKA_STORAGE_ERROR,
                                            RD_KAFKA_RESP_ERR_OUT_OF_ORDER_SEQUENCE_NUMBER,
                                            RD_KAFKA_RESP_ERR_UNKNOWN_PRODUCER_ID,
                                            RD_KAFKA_RESP_ERR_THROTTLING_QUOTA_EXCEEDED}) {
        EXPECT_EQ(kafkaErrorStatus(error), Status::Unavailable) << rd_kafka_err2name(error);
    }
}

TEST(KafkaErrorClass, RecordsTheBrokerRejectsAreRefused) {
    for (const rd_kafka_resp_err_t error :
         {RD_KAFKA_RESP_ERR_MSG_SIZE_TOO_LARGE, RD_KAFKA_RESP_ERR_INVALID_RECORD,
          RD_KAFKA_RESP_ERR_INVALID_MSG, RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED,
          RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART, RD_KAFKA_RESP_ERR__UNKNOWN_TOPIC,
          RD_KAFKA_RESP_ERR__UNKNOWN_PARTITION, RD_KAFKA_RESP_ERR_RECORD_LIST_TOO_LARGE,
          RD_KAFKA_RESP_ERR_INVALID_TIMESTAMP, RD_KAFKA_RESP_ERR_POLICY_VIOLATION}) {
        EXPECT_EQ(kafkaErrorStatus(error), Status::Refused) << rd_kafka_err2name(error);
    }
}

TEST(KafkaErrorClass, AnUnknownCodeMakesTheTargetWaitRatherThanCountAttempts) {
    EXPECT_EQ(kafkaErrorStatus(9999), Status::Unavailable);
}

TEST(KafkaErrorClass, TextNamesTheError) {
    EXPECT_EQ(kafkaErrorText(RD_KAFKA_RESP_ERR_MSG_SIZE_TOO_LARGE),
              "MSG_SIZE_TOO_LARGE: Broker: Message size too large");
}
