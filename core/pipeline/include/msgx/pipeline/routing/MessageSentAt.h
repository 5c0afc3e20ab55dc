#pragma once

#include "msgx/codec/Message.h"
#include "msgx/codec/TimeZone.h"

#include <chrono>
#include <optional>

namespace msgx::pipeline {

// When the sender made the message: its META/DTTM (local time in `zone`, pipeline.business-time-zone)
// as an instant; nullopt when DTTM is absent or not a yyyyMMddHHmmss time.
std::optional<std::chrono::sys_seconds> messageSentAt(const codec::Message& message,
                                                      const codec::TimeZone& zone);

} // namespace msgx::pipeline
