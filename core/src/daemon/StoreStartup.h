#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/Config.h"

namespace msgx::daemon {

// What msgxd does to its databases before it serves: creates the embedded SQLite mailbox tables
// when `mailbox.create-tables` is true, and applies the pending own-store migrations when
// `store.migrate-on-start` is true (migrations from <prefix>/share/msgx/migrations next to the
// binary, or the source tree's storage/migrations in a development build). Logs what it did.
// Throws (storage::InfraError, storage::MigrationError, ...) when either fails: the daemon must
// not start on a store it could not prepare.
void prepareStores(const config::Config& config, const Clock& clock);

} // namespace msgx::daemon
