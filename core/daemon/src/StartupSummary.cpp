#include "msgx/daemon/StartupSummary.h"

#include <fmt/format.h>

namespace msgx::daemon {

namespace {

std::string database(config::DatabaseBackend backend, config::SqlDialect dialect) {
    if (backend == config::DatabaseBackend::Odbc) {
        return fmt::format("odbc/{}", config::name(dialect));
    }
    return std::string(config::name(backend));
}

std::string target(const config::DeliveryTarget& t) {
    return t.type == config::TargetType::Kafka ? fmt::format("kafka topic {}", t.topic)
                                               : fmt::format("file {}", t.path);
}

} // namespace

std::string startupSummary(const config::Config& config) {
    std::string targets;
    for (const auto& [name, t] : config.delivery.targets) {
        targets += fmt::format("{}{} -> {}", targets.empty() ? "" : ", ", name, target(t));
    }
    return fmt::format("profile {}, store {}, mailbox {} ({}), targets [{}], plugins {}{}",
                       config::name(config.profile), database(config.store.backend, config.store.dialect),
                       database(config.mailbox.backend, config.mailbox.dialect), config.mailbox.inboxTable,
                       targets, config.plugins.dir, config.shadow ? ", SHADOW mode" : "");
}

log::LogSettings logSettings(const config::Config& config) {
    log::LogSettings settings;
    settings.level = std::string(config::name(config.log.level));
    settings.format =
        config.log.format == config::LogFormat::Json ? log::LogFormat::Json : log::LogFormat::Text;
    settings.file = config.log.file.value_or("");
    settings.queue = static_cast<std::size_t>(config.log.queue);
    return settings;
}

} // namespace msgx::daemon
