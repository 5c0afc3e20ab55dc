#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/delivery/DeliverySink.h"
#include "msgx/delivery/ProducerSettings.h"

#include <memory>
#include <string>

namespace msgx::delivery {

// Where a logical target ("msg", "schd") is bound (delivery.targets.<target>, mapped by
// msgx/config/DeliverySettings.h): a Kafka topic with the client settings, or a JSON-lines file.
struct SinkSettings {
    enum class Kind { Kafka, File };
    Kind kind = Kind::Kafka;
    std::string topic; // Kind::Kafka
    std::string path;  // Kind::File
    KafkaClientSettings kafka;
};

// The sink `settings` bind: a FileSink on its path or a KafkaSink on its topic. The Kafka
// send-timeout guard reads `clock` (the SystemClock when not given).
//
// Throws std::invalid_argument when the producer settings are refused (ProducerSettings,
// librdkafka); never because a broker is unreachable.
std::unique_ptr<DeliverySink> makeSink(const SinkSettings& settings);
std::unique_ptr<DeliverySink> makeSink(const SinkSettings& settings, const Clock& clock);

} // namespace msgx::delivery
