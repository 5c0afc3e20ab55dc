#include "msgx/delivery/KafkaErrorClass.h"

#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <array>

namespace msgx::delivery {

namespace {

// As ints: a code from a newer broker may lie outside the enum's range.
constexpr std::array<int, 20> kRefused{
    RD_KAFKA_RESP_ERR_INVALID_MSG,
    RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART,
    RD_KAFKA_RESP_ERR_INVALID_MSG_SIZE,
    RD_KAFKA_RESP_ERR_MSG_SIZE_TOO_LARGE,
    RD_KAFKA_RESP_ERR_TOPIC_EXCEPTION,
    RD_KAFKA_RESP_ERR_RECORD_LIST_TOO_LARGE,
    RD_KAFKA_RESP_ERR_INVALID_REQUIRED_ACKS,
    RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED,
    RD_KAFKA_RESP_ERR_CLUSTER_AUTHORIZATION_FAILED,
    RD_KAFKA_RESP_ERR_INVALID_TIMESTAMP,
    RD_KAFKA_RESP_ERR_UNSUPPORTED_FOR_MESSAGE_FORMAT,
    RD_KAFKA_RESP_ERR_POLICY_VIOLATION,
    RD_KAFKA_RESP_ERR_UNSUPPORTED_COMPRESSION_TYPE,
    RD_KAFKA_RESP_ERR_INVALID_RECORD,
    RD_KAFKA_RESP_ERR__BAD_MSG,
    RD_KAFKA_RESP_ERR__UNKNOWN_TOPIC,
    RD_KAFKA_RESP_ERR__UNKNOWN_PARTITION,
    RD_KAFKA_RESP_ERR__INVALID_ARG,
    RD_KAFKA_RESP_ERR__KEY_SERIALIZATION,
    RD_KAFKA_RESP_ERR__VALUE_SERIALIZATION,
};

} // namespace

SendResult::Status kafkaErrorStatus(int rdKafkaError) {
    if (rdKafkaError == RD_KAFKA_RESP_ERR_NO_ERROR) {
        return SendResult::Status::Acked;
    }
    return std::find(kRefused.begin(), kRefused.end(), rdKafkaError) != kRefused.end()
               ? SendResult::Status::Refused
               : SendResult::Status::Unavailable;
}

std::string kafkaErrorText(int rdKafkaError) {
    const auto error = static_cast<rd_kafka_resp_err_t>(rdKafkaError);
    return std::string(rd_kafka_err2name(error)) + ": " + rd_kafka_err2str(error);
}

} // namespace msgx::delivery
