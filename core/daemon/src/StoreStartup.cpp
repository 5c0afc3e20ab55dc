#include "StoreStartup.h"

#include "msgx/config/StorageSettings.h"
#include "msgx/log/Log.h"
#include "msgx/pipeline/intake/FirstStart.h"
#include "msgx/storage/DatabaseSettings.h"
#include "msgx/storage/InfraError.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/Migrations.h"
#include "msgx/storage/OwnStore.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace msgx::daemon {

std::vector<std::string> mailboxSchemaProblems(const config::Config& config, storage::Mailbox& mailbox) {
    const auto& status = config.mailbox.statusMap;
    return mailbox.schemaProblems({status.succeeded, status.skipped, status.duplicate, status.dead});
}

void prepareStores(const config::Config& config, const Clock& clock) {
    const auto mailbox = config::openMailbox(config);
    if (config.mailbox.createTables) {
        mailbox->createTablesIfAbsent();
        log::info("mailbox tables {} and {} are present (mailbox.create-tables)", config.mailbox.inboxTable,
                  config.mailbox.outboxTable);
    }
    try {
        const auto problems = mailboxSchemaProblems(config, *mailbox);
        if (!problems.empty()) {
            std::string text;
            for (const auto& problem : problems) {
                text += (text.empty() ? "" : "; ") + problem;
            }
            throw std::runtime_error("mailbox: " + text);
        }
        log::info("mailbox tables {} and {} have every column msgx uses", config.mailbox.inboxTable,
                  config.mailbox.outboxTable);
    } catch (const storage::InfraError& e) {
        // Not a failed start: the pipeline waits for the mailbox like after any outage.
        log::warn("mailbox not reachable at start ({}); its tables are checked at the next start (or msgxd "
                  "--check)",
                  e.what());
    }
    std::unique_ptr<storage::OwnStore> store;
    if (config.store.migrateOnStart) {
        const auto root = storage::findMigrationsRoot(std::nullopt, storage::currentExecutable());
        store = storage::OwnStore::open(config::storeDatabase(config.store), clock);
        const auto report = store->migrate(root);
        log::info("own store at schema version {} ({} migration(s) applied from {})", report.versionAfter,
                  report.applied.size(), root.string());
    }
    // pipeline.first-start on a store that has never read the mailbox; a database that is down
    // leaves the choice to the poller, which makes it the same way once both answer.
    try {
        if (!store) {
            store = storage::OwnStore::open(config::storeDatabase(config.store), clock);
        }
        pipeline::chooseFirstStart(pipeline::IntakeSettings::of(config), *store, mailbox->inbox());
    } catch (const storage::InfraError& e) {
        log::warn("first start: {}; the poller decides pipeline.first-start once both databases answer",
                  e.what());
    }
}

} // namespace msgx::daemon
