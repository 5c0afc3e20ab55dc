#include "msgx/delivery/SinkFactory.h"

#include "msgx/clock/SystemClock.h"
#include "msgx/delivery/FileSink.h"
#include "msgx/delivery/KafkaSink.h"

#include <stdexcept>

namespace msgx::delivery {

std::unique_ptr<DeliverySink> makeSink(const SinkSettings& settings) {
    static SystemClock systemClock;
    return makeSink(settings, systemClock);
}

std::unique_ptr<DeliverySink> makeSink(const SinkSettings& settings, const Clock& clock) {
    switch (settings.kind) {
    case SinkSettings::Kind::File:
        return std::make_unique<FileSink>(settings.path);
    case SinkSettings::Kind::Kafka:
        return std::make_unique<KafkaSink>(settings.kafka, settings.topic, clock);
    }
    throw std::invalid_argument("a delivery sink of an unknown kind");
}

} // namespace msgx::delivery
