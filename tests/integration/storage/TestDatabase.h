#pragma once

#include "TempDir.h"
#include "msgx/storage/DatabaseSettings.h"

#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

namespace msgx::test {

// The five ways the own store is reached in the tests: the acceptance list's backends.
enum class StoreBackend { Sqlite, Postgres, MySql, OdbcPostgres, OdbcMySql };

// "sqlite", "pg", "mysql", "odbc-pg", "odbc-mysql" (the CTest part labels).
std::string partName(StoreBackend backend);
// For test names and failure messages: the part name.
inline std::ostream& operator<<(std::ostream& out, StoreBackend backend) {
    return out << partName(backend);
}

// A database of its own for one test, on the shared test services (or a SQLite file), so tests
// running in parallel (ctest -j) never see each other's rows: a fresh SQLite file, a fresh
// PostgreSQL schema (sessions get `SET search_path`), or a fresh MariaDB database. Removed again
// on destruction. The server settings come from the MSGX_TEST_* environment; a missing one fails
// the test (requireEnv), never skips it.
class TestDatabase {
public:
    explicit TestDatabase(StoreBackend backend);
    ~TestDatabase();
    TestDatabase(const TestDatabase&) = delete;
    TestDatabase& operator=(const TestDatabase&) = delete;

    // Settings of a pool on this database (role "store", pool size 4, operation timeout 30 s).
    [[nodiscard]] const storage::DatabaseSettings& settings() const { return settings_; }
    [[nodiscard]] StoreBackend backend() const { return backend_; }
    // The schema or database name (empty for SQLite).
    [[nodiscard]] const std::string& name() const { return name_; }

private:
    StoreBackend backend_;
    std::string name_;
    storage::DatabaseSettings settings_;
    std::unique_ptr<TempDir> sqliteDir_;
    std::function<void()> drop_;
};

// The connection string with the value of `key` (case-insensitive, entries split on `separator`)
// replaced; std::invalid_argument when the key is absent.
std::string withConnectionValue(const std::string& connect, char separator, const std::string& key,
                                const std::string& value);

} // namespace msgx::test
