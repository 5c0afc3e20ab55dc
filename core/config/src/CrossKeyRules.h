#pragma once

#include "ConfigReader.h"
#include "msgx/config/Config.h"

namespace msgx::config::detail {

// The rules between keys, applied after readConfigSections: what the production profile refuses,
// mailbox.create-tables, store/mailbox dialect against backend, kafka.bootstrap when a target uses
// Kafka, the producer settings kafka.properties may not weaken, history.retention against the
// identity window and the archive, http.compat-token-file when http.listen is not loopback and
// http.body-budget against limits.max-document-size. A rule is skipped when one of its keys already
// had an error, so one mistake is reported once.
void checkCrossKeyRules(ConfigReader& reader, Config& config);

} // namespace msgx::config::detail
