#pragma once

#include "msgx/storage/Backends.h"

#include <chrono>
#include <string>
#include <vector>

namespace msgx::storage {

// Everything needed to open the sessions of one pool: the own store or the shared mailbox.
struct DatabaseSettings {
    std::string role = "store"; // "store" or "mailbox": named in every error and log line
    DatabaseBackend backend = DatabaseBackend::PostgreSql;
    SqlDialect dialect = SqlDialect::PostgreSql;
    std::string connect; // Poco Data connection string; see ConnectionString.h for what is added
    int poolSize = 4;
    std::chrono::milliseconds connectTimeout = std::chrono::seconds(5);
    // Upper bound of one unit of work as the caller sees it: waiting for a free session, opening it,
    // and running the transaction to its commit. Past it the caller gets InfraError(Timeout) even if
    // the server never answers (a frozen server, platform-notes §12); the session is abandoned.
    std::chrono::milliseconds operationTimeout = std::chrono::seconds(30);
    // When set, the server ends a transaction of ours that waits this long for us (PostgreSQL
    // idle_in_transaction_session_timeout, MariaDB idle_transaction_timeout; not on Oracle, SQLite or
    // MySQL): a writer paused or cut off inside a transaction does not hold its locks (the writer
    // lease's fence) beyond it. Zero: the server's default.
    std::chrono::milliseconds idleInTransactionTimeout{0};
    // Statements run once on every new session after the built-in set-up (e.g. "SET search_path TO x").
    std::vector<std::string> sessionSetup;
};

// The shared mailbox's tables (mailbox.inbox-table, .outbox-table) and the zone of its DATETIME
// columns (mailbox.time-zone); filled from the configuration (config/StorageSettings.h).
struct MailboxTables {
    std::string inbox;
    std::string outbox;
    std::string timeZone;
};

} // namespace msgx::storage
