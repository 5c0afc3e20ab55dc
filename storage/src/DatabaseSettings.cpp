#include "msgx/storage/DatabaseSettings.h"

namespace msgx::storage {

namespace {
constexpr int kMailboxPoolSize = 2;
}

DatabaseSettings storeDatabase(const config::StoreConfig& store) {
    DatabaseSettings settings;
    settings.role = "store";
    settings.backend = store.backend;
    settings.dialect = store.dialect;
    settings.connect = store.connect;
    settings.poolSize = store.poolSize;
    settings.connectTimeout = store.connectTimeout;
    return settings;
}

DatabaseSettings mailboxDatabase(const config::MailboxConfig& mailbox, const config::StoreConfig& store) {
    DatabaseSettings settings;
    settings.role = "mailbox";
    settings.backend = mailbox.backend;
    settings.dialect = mailbox.dialect;
    settings.connect = mailbox.connect;
    settings.poolSize = kMailboxPoolSize;
    settings.connectTimeout = store.connectTimeout;
    return settings;
}

} // namespace msgx::storage
