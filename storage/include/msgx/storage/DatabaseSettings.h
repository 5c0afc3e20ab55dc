#pragma once

#include "msgx/config/Config.h"

#include <chrono>
#include <string>
#include <vector>

namespace msgx::storage {

// Everything needed to open the sessions of one pool: the own store or the shared mailbox.
struct DatabaseSettings {
    std::string role = "store"; // "store" or "mailbox": named in every error and log line
    config::DatabaseBackend backend = config::DatabaseBackend::PostgreSql;
    config::SqlDialect dialect = config::SqlDialect::PostgreSql;
    std::string connect; // Poco Data connection string; see ConnectionString.h for what is added
    int poolSize = 4;
    std::chrono::milliseconds connectTimeout = std::chrono::seconds(5);
    // Upper bound of one unit of work as the caller sees it: waiting for a free session, opening it,
    // and running the transaction to its commit. Past it the caller gets InfraError(Timeout) even if
    // the server never answers (a frozen server, platform-notes §12); the session is abandoned.
    std::chrono::milliseconds operationTimeout = std::chrono::seconds(30);
    // Statements run once on every new session after the built-in set-up (e.g. "SET search_path TO x").
    std::vector<std::string> sessionSetup;
};

// Sessions of the own store: store.backend, .dialect, .connect, .pool-size, .connect-timeout.
DatabaseSettings storeDatabase(const config::StoreConfig& store);

// Sessions of the shared mailbox (mailbox.backend, .dialect, .connect). The configuration has no
// pool size or timeouts for it yet: two sessions (the poller and the back-fill each hold one at a
// time) and the store's connect timeout.
DatabaseSettings mailboxDatabase(const config::MailboxConfig& mailbox, const config::StoreConfig& store);

} // namespace msgx::storage
