#include "msgx/config/StorageSettings.h"

namespace msgx::config {

namespace {
constexpr int kMailboxPoolSize = 2;
}

storage::DatabaseSettings storeDatabase(const StoreConfig& store) {
    storage::DatabaseSettings settings;
    settings.role = "store";
    settings.backend = store.backend;
    settings.dialect = store.dialect;
    settings.connect = store.connect;
    settings.poolSize = store.poolSize;
    settings.connectTimeout = store.connectTimeout;
    return settings;
}

storage::DatabaseSettings mailboxDatabase(const MailboxConfig& mailbox, const StoreConfig& store) {
    storage::DatabaseSettings settings;
    settings.role = "mailbox";
    settings.backend = mailbox.backend;
    settings.dialect = mailbox.dialect;
    settings.connect = mailbox.connect;
    settings.poolSize = kMailboxPoolSize;
    settings.connectTimeout = store.connectTimeout;
    return settings;
}

storage::MailboxTables mailboxTables(const MailboxConfig& mailbox) {
    return {mailbox.inboxTable, mailbox.outboxTable, mailbox.timeZone};
}

std::unique_ptr<storage::Mailbox> openMailbox(const Config& config) {
    return storage::Mailbox::open(mailboxDatabase(config.mailbox, config.store),
                                  mailboxTables(config.mailbox));
}

} // namespace msgx::config
