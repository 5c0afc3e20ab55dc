#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace msgx::storage {

// The Poco Data connector a pool opens sessions with, and the SQL dialect its statements are
// written in (architecture.md §3). Every backend but ODBC speaks exactly one dialect.
enum class DatabaseBackend { PostgreSql, MySql, Odbc, Sqlite };
enum class SqlDialect { PostgreSql, MySql, Oracle, Sqlite };

// "postgresql", "mysql", "odbc", "sqlite" / "postgresql", "mysql", "oracle", "sqlite": the spelling
// of the configuration file, used in every message that names one.
std::string_view name(DatabaseBackend backend);
std::string_view name(SqlDialect dialect);

// The dialect a backend speaks when none is configured; nullopt for ODBC, which needs one.
std::optional<SqlDialect> nativeDialect(DatabaseBackend backend);

// The dialects storage can use through `backend`: its native one, or for ODBC those the adapters
// support behind it (not SQLite, which has its own backend). The one rule for backend/dialect
// combinations; the configuration's checks and the pools' checks both ask it.
std::span<const SqlDialect> supportedDialects(DatabaseBackend backend);

// Whether supportedDialects(backend) holds `dialect`.
bool supportsDialect(DatabaseBackend backend, SqlDialect dialect);

// Why `dialect` cannot be used through `backend` ("backend postgresql speaks dialect postgresql,
// not mysql"), or nullopt when supportedDialects allows it.
std::optional<std::string> unsupportedCombination(DatabaseBackend backend, SqlDialect dialect);

} // namespace msgx::storage
