#pragma once

#include "msgx/delivery/DeliverySink.h"

namespace msgx::delivery {

// What a librdkafka error (rd_kafka_resp_err_t, as an int to keep rdkafka.h out of this header)
// in a delivery report or from produce() means for the record.
//
// Refused: the broker (or librdkafka on its behalf) rejects this record as it is, so sending it
// again cannot help: too large, invalid or corrupt record, invalid timestamp, unknown topic or
// partition, topic/cluster authorization, policy violation, unsupported format/compression,
// invalid required acks. Counts toward the event's attempts.
//
// Unavailable: everything else, in particular the transport class (_MSG_TIMED_OUT, _TIMED_OUT,
// _TRANSPORT, _ALL_BROKERS_DOWN, _RESOLVE, _SSL, _AUTHENTICATION), the retriable broker errors
// (NOT_ENOUGH_REPLICAS, NOT_LEADER_FOR_PARTITION, REQUEST_TIMED_OUT, ...), purges and fatal
// producer errors. Unknown codes land here on purpose: an unrecognised error keeps the target
// waiting and unhealthy (visible, nothing lost) rather than counting attempts toward DEAD.
SendResult::Status kafkaErrorStatus(int rdKafkaError);

// "MSG_SIZE_TOO_LARGE: Broker: Message size too large": librdkafka's name and description.
std::string kafkaErrorText(int rdKafkaError);

} // namespace msgx::delivery
