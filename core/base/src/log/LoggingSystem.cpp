#include "msgx/log/LoggingSystem.h"

#include "msgx/log/LineFormatter.h"
#include "msgx/log/Log.h"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>

#include <stdexcept>

namespace msgx::log {

namespace {

spdlog::level::level_enum parseLevel(const std::string& level) {
    static const std::pair<const char*, spdlog::level::level_enum> levels[] = {
        {"trace", spdlog::level::trace}, {"debug", spdlog::level::debug},
        {"info", spdlog::level::info},   {"warn", spdlog::level::warn},
        {"error", spdlog::level::err},   {"critical", spdlog::level::critical},
        {"off", spdlog::level::off}};
    for (const auto& [name, value] : levels) {
        if (level == name) {
            return value;
        }
    }
    throw std::invalid_argument("log level must be trace|debug|info|warn|error|critical|off, got '" + level +
                                "'");
}

spdlog::sink_ptr defaultSink(const LogSettings& settings) {
    if (settings.file.empty()) {
        return std::make_shared<spdlog::sinks::stderr_sink_mt>();
    }
    // Plain append: log rotation uses copytruncate, so the file is never reopened under us.
    return std::make_shared<spdlog::sinks::basic_file_sink_mt>(settings.file, false);
}

} // namespace

LoggingSystem::LoggingSystem(const LogSettings& settings, const std::string& name)
    : LoggingSystem(settings, name, defaultSink(settings)) {}

LoggingSystem::LoggingSystem(const LogSettings& settings, const std::string& name, spdlog::sink_ptr sink) {
    const auto level = parseLevel(settings.level);
    if (settings.queue == 0) {
        throw std::invalid_argument("log queue must hold at least one line");
    }
    sink->set_formatter(std::make_unique<LineFormatter>(settings.format));
    pool_ = std::make_shared<spdlog::details::thread_pool>(settings.queue, 1);
    logger_ = std::make_shared<spdlog::async_logger>(name, std::move(sink), pool_,
                                                     spdlog::async_overflow_policy::overrun_oldest);
    logger_->set_level(level);
    logger_->flush_on(spdlog::level::info);
    spdlog::set_default_logger(logger_);
}

LoggingSystem::~LoggingSystem() {
    auto fallback =
        std::make_shared<spdlog::logger>("msgx", std::make_shared<spdlog::sinks::stderr_sink_mt>());
    spdlog::set_default_logger(std::move(fallback));
    logger_.reset();
    // The pool's destructor lets its worker drain the queue before joining it.
    pool_.reset();
}

std::size_t LoggingSystem::droppedLines() const {
    return pool_->overrun_counter();
}

std::size_t LoggingSystem::queuedLines() const {
    return pool_->queue_size();
}

std::size_t LoggingSystem::reportDroppedLines() {
    const std::size_t total = droppedLines();
    const std::size_t fresh = total - reportedDrops_;
    if (fresh == 0) {
        return 0;
    }
    reportedDrops_ = total;
    warn("log queue full: {} lines dropped since the last report ({} in total); raise log.queue or lower "
         "log.level if this repeats",
         fresh, total);
    return fresh;
}

} // namespace msgx::log
