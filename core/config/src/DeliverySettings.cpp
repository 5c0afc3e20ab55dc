#include "msgx/config/DeliverySettings.h"

#include <stdexcept>

namespace msgx::config {

delivery::DispatcherSettings dispatcherSettings(const DeliveryConfig& delivery, const std::string& name) {
    delivery::DispatcherSettings settings;
    settings.target = name;
    settings.aggregated = name == "schd";
    if (settings.aggregated) {
        settings.batchSize = delivery.schdFlushLimit;
        settings.flushPeriod = delivery.schdFlushPeriod;
    }
    settings.maxAttempts = delivery.maxAttempts;
    settings.backoff = delivery.backoff;
    settings.backoffCap = delivery.backoffCap;
    settings.onDead = delivery.onDead;
    return settings;
}

delivery::KafkaClientSettings kafkaClientSettings(const KafkaConfig& kafka) {
    return delivery::KafkaClientSettings{kafka.bootstrap, kafka.clientId, kafka.properties};
}

delivery::SinkSettings sinkSettings(const Config& config, const std::string& target) {
    const auto bound = config.delivery.targets.find(target);
    if (bound == config.delivery.targets.end()) {
        throw std::invalid_argument("delivery target " + target + " is not configured (delivery.targets." +
                                    target + ")");
    }
    delivery::SinkSettings settings;
    switch (bound->second.type) {
    case TargetType::File:
        settings.kind = delivery::SinkSettings::Kind::File;
        settings.path = bound->second.path;
        break;
    case TargetType::Kafka:
        settings.kind = delivery::SinkSettings::Kind::Kafka;
        settings.topic = bound->second.topic;
        settings.kafka = kafkaClientSettings(config.kafka);
        break;
    }
    return settings;
}

} // namespace msgx::config
