#pragma once

#include "msgx/log/LogSettings.h"

#include <spdlog/async_logger.h>
#include <spdlog/details/thread_pool.h>
#include <spdlog/sinks/sink.h>

#include <cstddef>
#include <memory>
#include <string>

namespace msgx::log {

// Owns the process's logger: asynchronous, with a bounded queue whose overflow policy drops the
// oldest queued line (`overrun_oldest`), so a slow disk or terminal never blocks the pump.
// Dropped lines are counted; reportDroppedLines() writes one warning with the count since the last
// report. Installs itself as spdlog's default logger; on destruction flushes what is queued and
// puts back a plain synchronous stderr logger.
class LoggingSystem {
public:
    // Throws std::invalid_argument for an unknown level and spdlog::spdlog_ex when the log file
    // cannot be opened.
    LoggingSystem(const LogSettings& settings, const std::string& name);
    // For tests: log into the given sink instead of stderr/file.
    LoggingSystem(const LogSettings& settings, const std::string& name, spdlog::sink_ptr sink);
    ~LoggingSystem();
    LoggingSystem(const LoggingSystem&) = delete;
    LoggingSystem& operator=(const LoggingSystem&) = delete;

    // Lines dropped because the queue was full, since start.
    [[nodiscard]] std::size_t droppedLines() const;
    // Lines waiting in the queue for the logger thread.
    [[nodiscard]] std::size_t queuedLines() const;
    // Logs "log queue full: N lines dropped ..." when lines were dropped since the last call.
    // Returns the number reported.
    std::size_t reportDroppedLines();

private:
    std::shared_ptr<spdlog::details::thread_pool> pool_;
    std::shared_ptr<spdlog::async_logger> logger_;
    std::size_t reportedDrops_ = 0;
};

} // namespace msgx::log
