#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/Config.h"
#include "msgx/storage/Mailbox.h"

#include <string>
#include <vector>

namespace msgx::daemon {

// What msgxd does to its databases before it serves: creates the embedded SQLite mailbox tables
// when `mailbox.create-tables` is true, and applies the pending own-store migrations when
// `store.migrate-on-start` is true (migrations from <prefix>/share/msgx/migrations next to the
// binary, or the source tree's storage/migrations in a development build); checks the mailbox
// tables (Mailbox::schemaProblems: a missing table or column, a status value too long) and refuses
// to start naming each problem, or only warns when the mailbox cannot be reached. Logs what it did.
// Throws (storage::InfraError, storage::MigrationError, std::runtime_error, ...) when one of them
// fails: the daemon must not start on a store it could not prepare or a mailbox it cannot use.
void prepareStores(const config::Config& config, const Clock& clock);

// Mailbox::schemaProblems with the mailbox.status-map values (also `msgxd --check`).
std::vector<std::string> mailboxSchemaProblems(const config::Config& config, storage::Mailbox& mailbox);

} // namespace msgx::daemon
