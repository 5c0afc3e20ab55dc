#include "msgx/delivery/SinkFactory.h"

#include "msgx/clock/SystemClock.h"
#include "msgx/delivery/FileSink.h"
#include "msgx/delivery/KafkaSink.h"

#include <stdexcept>

namespace msgx::delivery {

std::unique_ptr<DeliverySink> makeSink(const config::Config& config, const std::string& target) {
    static SystemClock systemClock;
    return makeSink(config, target, systemClock);
}

std::unique_ptr<DeliverySink> makeSink(const config::Config& config, const std::string& target,
                                       const Clock& clock) {
    const auto bound = config.delivery.targets.find(target);
    if (bound == config.delivery.targets.end()) {
        throw std::invalid_argument("delivery target " + target + " is not configured (delivery.targets." +
                                    target + ")");
    }
    switch (bound->second.type) {
    case config::TargetType::File:
        return std::make_unique<FileSink>(bound->second.path);
    case config::TargetType::Kafka:
        return std::make_unique<KafkaSink>(config.kafka, bound->second.topic, clock);
    }
    throw std::invalid_argument("delivery target " + target + " has an unknown type");
}

} // namespace msgx::delivery
