#pragma once

// What the offline plugin commands (decode, golden, plugins list --dir) need from the configuration:
// the plugins directory, the business time zone and the ignore rules. Taken from --config FILE when
// given (plugins.dir, pipeline.business-time-zone, pipeline.ignore), else from the documented
// defaults; --plugins and --zone override either.
#include "msgx/codec/TimeZone.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace msgx::ctl {

struct OfflineOptions {
    std::string configPath; // --config, optional
    std::string pluginsDir; // --plugins
    std::string zoneName;   // --zone
    bool verbose = false;   // --verbose: log plugin loading at info level
};

// Declares --config, --plugins, --zone and --verbose on `app`.
void addOfflineOptions(CLI::App& app, OfflineOptions& options);

struct OfflineSettings {
    std::string pluginsDir;
    codec::TimeZone businessZone = codec::TimeZone::utc();
    std::vector<std::string> ignore;
};

// The settings, or std::nullopt after printing why to stderr (prefixed with `command`): an invalid
// configuration file or an unknown time zone (a usage error, exit code 2).
std::optional<OfflineSettings> resolveOfflineSettings(const OfflineOptions& options,
                                                      const std::string& command);

} // namespace msgx::ctl
