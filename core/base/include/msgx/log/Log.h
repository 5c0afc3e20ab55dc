#pragma once

#include "msgx/log/TraceScope.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <string>
#include <string_view>

namespace msgx::log {

// The trace id travels inside the payload to the async logger thread, framed by these two
// control characters; LineFormatter takes it out again and renders it as its own field.
inline constexpr char kTraceStart = '\x1e';
inline constexpr char kTraceEnd = '\x1f';

// Formats a log payload with the current thread's trace id (if any) attached.
std::string withTrace(std::string_view message);

template <typename... Args>
void write(spdlog::level::level_enum level, fmt::format_string<Args...> format, Args&&... args) {
    auto& logger = *spdlog::default_logger_raw();
    if (!logger.should_log(level)) {
        return;
    }
    logger.log(level, withTrace(fmt::format(format, std::forward<Args>(args)...)));
}

// Front door for every log line of msgexchange: goes to the logger installed by LoggingSystem.
template <typename... Args>
void trace(fmt::format_string<Args...> f, Args&&... a) {
    write(spdlog::level::trace, f, std::forward<Args>(a)...);
}
template <typename... Args>
void debug(fmt::format_string<Args...> f, Args&&... a) {
    write(spdlog::level::debug, f, std::forward<Args>(a)...);
}
template <typename... Args>
void info(fmt::format_string<Args...> f, Args&&... a) {
    write(spdlog::level::info, f, std::forward<Args>(a)...);
}
template <typename... Args>
void warn(fmt::format_string<Args...> f, Args&&... a) {
    write(spdlog::level::warn, f, std::forward<Args>(a)...);
}
template <typename... Args>
void error(fmt::format_string<Args...> f, Args&&... a) {
    write(spdlog::level::err, f, std::forward<Args>(a)...);
}
template <typename... Args>
void critical(fmt::format_string<Args...> f, Args&&... a) {
    write(spdlog::level::critical, f, std::forward<Args>(a)...);
}

} // namespace msgx::log
