#include "msgx/storage/Backends.h"

#include <algorithm>
#include <array>

namespace msgx::storage {

namespace {
constexpr std::array kPostgreSql{SqlDialect::PostgreSql};
constexpr std::array kMySql{SqlDialect::MySql};
constexpr std::array kSqlite{SqlDialect::Sqlite};
constexpr std::array kOdbc{SqlDialect::PostgreSql, SqlDialect::MySql, SqlDialect::Oracle};
} // namespace

std::string_view name(DatabaseBackend backend) {
    switch (backend) {
    case DatabaseBackend::PostgreSql:
        return "postgresql";
    case DatabaseBackend::MySql:
        return "mysql";
    case DatabaseBackend::Odbc:
        return "odbc";
    case DatabaseBackend::Sqlite:
        return "sqlite";
    }
    return "unknown";
}

std::string_view name(SqlDialect dialect) {
    switch (dialect) {
    case SqlDialect::PostgreSql:
        return "postgresql";
    case SqlDialect::MySql:
        return "mysql";
    case SqlDialect::Oracle:
        return "oracle";
    case SqlDialect::Sqlite:
        return "sqlite";
    }
    return "unknown";
}

std::optional<SqlDialect> nativeDialect(DatabaseBackend backend) {
    if (backend == DatabaseBackend::Odbc) {
        return std::nullopt;
    }
    return supportedDialects(backend).front();
}

std::span<const SqlDialect> supportedDialects(DatabaseBackend backend) {
    switch (backend) {
    case DatabaseBackend::PostgreSql:
        return kPostgreSql;
    case DatabaseBackend::MySql:
        return kMySql;
    case DatabaseBackend::Sqlite:
        return kSqlite;
    case DatabaseBackend::Odbc:
        break;
    }
    return kOdbc;
}

bool supportsDialect(DatabaseBackend backend, SqlDialect dialect) {
    const auto supported = supportedDialects(backend);
    return std::find(supported.begin(), supported.end(), dialect) != supported.end();
}

std::optional<std::string> unsupportedCombination(DatabaseBackend backend, SqlDialect dialect) {
    if (supportsDialect(backend, dialect)) {
        return std::nullopt;
    }
    if (const auto native = nativeDialect(backend)) {
        return "backend " + std::string(name(backend)) + " speaks dialect " + std::string(name(*native)) +
               ", not " + std::string(name(dialect));
    }
    if (dialect == SqlDialect::Sqlite) {
        return std::string("SQLite through ODBC is not supported; use backend sqlite");
    }
    return "dialect " + std::string(name(dialect)) + " is not supported through backend " +
           std::string(name(backend));
}

} // namespace msgx::storage
