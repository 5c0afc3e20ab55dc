#pragma once

#include "msgx/config/Config.h"
#include "msgx/storage/DatabaseSettings.h"
#include "msgx/storage/Mailbox.h"

#include <memory>

// The configuration's sections as the settings storage opens its pools with. Storage knows nothing
// of the configuration file; this is the one place the two meet.
namespace msgx::config {

// Sessions of the own store: store.backend, .dialect, .connect, .pool-size, .connect-timeout.
storage::DatabaseSettings storeDatabase(const StoreConfig& store);

// Sessions of the shared mailbox (mailbox.backend, .dialect, .connect). The configuration has no
// pool size or timeouts for it yet: two sessions (the poller and the back-fill each hold one at a
// time) and the store's connect timeout.
storage::DatabaseSettings mailboxDatabase(const MailboxConfig& mailbox, const StoreConfig& store);

// mailbox.inbox-table, .outbox-table and .time-zone.
storage::MailboxTables mailboxTables(const MailboxConfig& mailbox);

// The shared mailbox as `config` describes it (Mailbox::open's errors unchanged).
std::unique_ptr<storage::Mailbox> openMailbox(const Config& config);

} // namespace msgx::config
