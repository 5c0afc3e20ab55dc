#pragma once

#include "msgx/codec/TimeZone.h"
#include "msgx/sdk/ReferenceView.h"

#include <chrono>

namespace msgx::sdk {

// What a handler may know besides the message and the flights (architecture.md §5): the processing
// time from the injectable clock, the business time zone that converts the messages' local times to
// UTC (pipeline.business-time-zone), and the reference views. Valid until decide() returns.
struct HandlerContext {
    std::chrono::sys_seconds now;
    const codec::TimeZone& businessZone;
    const ReferenceView& references;
};

} // namespace msgx::sdk
