#pragma once

#include "ConfigReader.h"
#include "msgx/config/Config.h"

namespace msgx::config::detail {

// Reads every key of the configuration table (architecture.md §12) into `config`, each with its
// format, range and default; keys absent from the file keep their defaults. Checks that need more
// than one key are CrossKeyRules'.
void readConfigSections(ConfigReader& reader, Config& config);

} // namespace msgx::config::detail
