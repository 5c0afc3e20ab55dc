#include "msgx/pipeline/routing/MessageSentAt.h"

#include "msgx/codec/DateTimeFields.h"

namespace msgx::pipeline {

std::optional<std::chrono::sys_seconds> messageSentAt(const codec::Message& message,
                                                      const codec::TimeZone& zone) {
    if (!message.meta().createdAt) {
        return std::nullopt;
    }
    const auto local = codec::parseMessageTimestamp(*message.meta().createdAt);
    if (!local.hasValue()) {
        return std::nullopt;
    }
    return zone.toUtc(local.value());
}

} // namespace msgx::pipeline
