#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/Config.h"
#include "msgx/delivery/DeliverySink.h"

#include <memory>
#include <string>

namespace msgx::delivery {

// The sink of logical target `target` ("msg", "schd") as bound by delivery.targets.<target>: a
// FileSink on its path or a KafkaSink on its topic with the kafka section's settings. The Kafka
// send-timeout guard reads `clock` (the SystemClock when not given).
//
// Throws std::invalid_argument when the target is not configured or the producer settings are
// refused (ProducerSettings, librdkafka); never because a broker is unreachable.
std::unique_ptr<DeliverySink> makeSink(const config::Config& config, const std::string& target);
std::unique_ptr<DeliverySink> makeSink(const config::Config& config, const std::string& target,
                                       const Clock& clock);

} // namespace msgx::delivery
