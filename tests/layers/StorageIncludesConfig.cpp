// Must not compile (tests/layers/CMakeLists.txt): storage is below the configuration.
#include "msgx/config/Config.h"
