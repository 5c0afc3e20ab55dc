#pragma once

#include "msgx/config/Config.h"
#include "msgx/delivery/DispatcherSettings.h"
#include "msgx/delivery/ProducerSettings.h"
#include "msgx/delivery/SinkFactory.h"

#include <string>

// The configuration's delivery and kafka sections as the settings delivery's dispatchers and sinks
// take. Delivery knows nothing of the configuration file; this is the one place the two meet.
namespace msgx::config {

// The dispatcher of target `name`: `schd` is aggregated with batchSize delivery.schd-flush-limit and
// flushPeriod delivery.schd-flush-period; every other target sends one record per event. Attempts,
// backoff and on-dead from the delivery section.
delivery::DispatcherSettings dispatcherSettings(const DeliveryConfig& delivery, const std::string& name);

// kafka.bootstrap, .client-id and .properties.
delivery::KafkaClientSettings kafkaClientSettings(const KafkaConfig& kafka);

// The sink of logical target `target` as bound by delivery.targets.<target>, with the kafka
// section's client settings. Throws std::invalid_argument when the target is not configured.
delivery::SinkSettings sinkSettings(const Config& config, const std::string& target);

} // namespace msgx::config
