#pragma once

#include "msgx/config/Config.h"
#include "msgx/log/LogSettings.h"

#include <string>

namespace msgx::daemon {

// One line for the start-up log and `msgxd --check`: profile, backends, targets, plugin folder.
// Never contains a connection string (they carry passwords).
std::string startupSummary(const config::Config& config);

// The logging settings the `log.*` keys select.
log::LogSettings logSettings(const config::Config& config);

} // namespace msgx::daemon
