#pragma once

#include "msgx/config/Config.h"
#include "msgx/config/ConfigError.h"
#include "msgx/config/EnvSubstitution.h"

#include <string>
#include <string_view>

namespace msgx::config {

// Reads, substitutes ${…} references in, and validates one configuration file.
// Returns the configuration, or throws ConfigInvalid with every error found in the file (in file
// order; errors without a line last). A file that cannot be read is one error naming the path and
// the system's reason (errno text).
Config loadConfigFile(const std::string& path, EnvLookup env = processEnv);

// The same for YAML text already in memory; fileName is only used in the errors.
Config parseConfig(std::string_view yaml, const std::string& fileName, EnvLookup env = processEnv);

} // namespace msgx::config
