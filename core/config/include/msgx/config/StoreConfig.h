#pragma once

#include "msgx/config/Milliseconds.h"
#include "msgx/storage/Backends.h"

#include <string>
#include <string_view>

// store.*: the own store (architecture.md §3, docs/configuration.md).
namespace msgx::config {

// The database kinds are storage's own (storage/Backends.h); the configuration chooses them.
using storage::DatabaseBackend;
using storage::name;
using storage::nativeDialect;
using storage::SqlDialect;

struct StoreConfig {
    DatabaseBackend backend = DatabaseBackend::PostgreSql;
    SqlDialect dialect = SqlDialect::PostgreSql; // the backend's own dialect unless backend is ODBC
    std::string connect;                         // Poco Data connection string (required)
    int poolSize = 4;
    Milliseconds connectTimeout = std::chrono::seconds(5);
    bool migrateOnStart = false; // default: true with profile embedded, false with production
};

} // namespace msgx::config
