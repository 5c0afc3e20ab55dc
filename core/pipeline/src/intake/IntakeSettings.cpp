#include "msgx/pipeline/intake/IntakeSettings.h"

#include "msgx/config/Config.h"
#include "msgx/pipeline/intake/FirstStart.h"

namespace msgx::pipeline {

IntakeSettings IntakeSettings::of(const config::Config& config) {
    return IntakeSettings{config.mailbox, config.pipeline, resolvedFirstStart(config), config.shadow};
}

} // namespace msgx::pipeline
