#include "OfflineSettings.h"

#include "msgx/config/ConfigLoader.h"

#include <iostream>

namespace msgx::ctl {

void addOfflineOptions(CLI::App& app, OfflineOptions& options) {
    app.add_option(
        "--config", options.configPath,
        "take plugins.dir, pipeline.business-time-zone and pipeline.ignore from this configuration");
    app.add_option("--plugins", options.pluginsDir, "the handler plugins directory (default: plugins.dir)");
    app.add_option("--zone", options.zoneName,
                   "business time zone of the messages' local times (default: Asia/Shanghai)");
    app.add_flag("--verbose", options.verbose, "log what the plugin host loads");
}

std::optional<OfflineSettings> resolveOfflineSettings(const OfflineOptions& options,
                                                      const std::string& command) {
    config::Config config; // the documented defaults
    if (!options.configPath.empty()) {
        try {
            config = config::loadConfigFile(options.configPath);
        } catch (const config::ConfigInvalid& invalid) {
            for (const auto& error : invalid.errors()) {
                std::cerr << command << ": " << error.text() << '\n';
            }
            return std::nullopt;
        }
    }
    OfflineSettings settings;
    settings.pluginsDir = options.pluginsDir.empty() ? config.plugins.dir : options.pluginsDir;
    settings.ignore = config.pipeline.ignore;
    const std::string zone = options.zoneName.empty() ? config.pipeline.businessTimeZone : options.zoneName;
    try {
        settings.businessZone = codec::TimeZone::load(zone);
    } catch (const codec::TimeZoneError& e) {
        std::cerr << command << ": time zone " << zone << ": " << e.what() << '\n';
        return std::nullopt;
    }
    return settings;
}

} // namespace msgx::ctl
