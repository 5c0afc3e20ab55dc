#include "StoreStartup.h"

#include "msgx/config/StorageSettings.h"
#include "msgx/log/Log.h"
#include "msgx/storage/DatabaseSettings.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/Migrations.h"
#include "msgx/storage/OwnStore.h"

#include <optional>

namespace msgx::daemon {

void prepareStores(const config::Config& config, const Clock& clock) {
    if (config.mailbox.createTables) {
        const auto mailbox = config::openMailbox(config);
        mailbox->createTablesIfAbsent();
        log::info("mailbox tables {} and {} are present (mailbox.create-tables)", config.mailbox.inboxTable,
                  config.mailbox.outboxTable);
    }
    if (config.store.migrateOnStart) {
        const auto root = storage::findMigrationsRoot(std::nullopt, storage::currentExecutable());
        const auto store = storage::OwnStore::open(config::storeDatabase(config.store), clock);
        const auto report = store->migrate(root);
        log::info("own store at schema version {} ({} migration(s) applied from {})", report.versionAfter,
                  report.applied.size(), root.string());
    }
}

} // namespace msgx::daemon
