#include "TestDatabase.h"

#include "RequireEnv.h"
#include "Subprocess.h"
#include "UniqueName.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>
#include <Poco/Exception.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <stdexcept>

namespace msgx::test {

namespace {

using namespace Poco::Data::Keywords;
using storage::DatabaseBackend;
using storage::SqlDialect;

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

// PostgreSQL: a schema of the msgx database (the msgx role owns the database).
std::function<void()> createPostgresSchema(const std::string& schema) {
    storage::registerPocoConnectors();
    const std::string connect = requireEnv("MSGX_TEST_PG");
    Poco::Data::Session admin("PostgreSQL", connect);
    admin << "CREATE SCHEMA " + schema, now;
    return [connect, schema] {
        Poco::Data::Session session("PostgreSQL", connect);
        session << "SET client_min_messages TO WARNING", now; // no NOTICE per dropped table
        session << "DROP SCHEMA " + schema + " CASCADE", now;
    };
}

// Runs SQL as MariaDB's root over the instance's socket. The msgx user of the test services may
// only use the databases msgx and mailbox; creating a database per test needs root, which the
// services' MariaDB accepts without password on its socket (tests/services/msgx-services).
void runAsMariaDbRoot(const std::string& sql) {
    const std::string servicesDir = requireEnv("MSGX_TEST_SERVICES_DIR");
    const std::string socket = servicesDir + "/mysql/run/mysqld.sock";
    const auto result = runSubprocess({"mariadb", "--no-defaults", "-S", socket, "-uroot", "-e", sql},
                                      std::chrono::seconds(30));
    if (result.exitCode != 0) {
        throw std::runtime_error("mariadb as root failed: " + result.err);
    }
}

// MariaDB: a database of its own. Created as msgx when the services grant it, else as root.
std::function<void()> createMariaDbDatabase(const std::string& database) {
    storage::registerPocoConnectors();
    const std::string connect = requireEnv("MSGX_TEST_MYSQL");
    bool asRoot = false;
    try {
        Poco::Data::Session session("MySQL", connect);
        session << "CREATE DATABASE " + database + " CHARACTER SET utf8mb4", now;
    } catch (const Poco::Exception&) {
        runAsMariaDbRoot("CREATE DATABASE " + database + " CHARACTER SET utf8mb4; GRANT ALL PRIVILEGES ON " +
                         database + ".* TO 'msgx'@'127.0.0.1'");
        asRoot = true;
    }
    return [connect, database, asRoot] {
        if (asRoot) {
            runAsMariaDbRoot("DROP DATABASE " + database);
            return;
        }
        Poco::Data::Session session("MySQL", connect);
        session << "DROP DATABASE " + database, now;
    };
}

} // namespace

std::string partName(StoreBackend backend) {
    switch (backend) {
    case StoreBackend::Sqlite:
        return "sqlite";
    case StoreBackend::Postgres:
        return "pg";
    case StoreBackend::MySql:
        return "mysql";
    case StoreBackend::OdbcPostgres:
        return "odbc-pg";
    case StoreBackend::OdbcMySql:
        return "odbc-mysql";
    }
    return "unknown";
}

std::string withConnectionValue(const std::string& connect, char separator, const std::string& key,
                                const std::string& value) {
    std::size_t start = 0;
    while (start < connect.size()) {
        std::size_t end = connect.find(separator, start);
        if (end == std::string::npos) {
            end = connect.size();
        }
        const std::size_t equals = connect.find('=', start);
        if (equals != std::string::npos && equals < end &&
            lower(connect.substr(start, equals - start)) == lower(key)) {
            return connect.substr(0, equals + 1) + value + connect.substr(end);
        }
        start = end + 1;
    }
    throw std::invalid_argument("connection string has no " + key + "=");
}

TestDatabase::TestDatabase(StoreBackend backend) : backend_(backend) {
    settings_.role = "store";
    settings_.poolSize = 4;
    switch (backend) {
    case StoreBackend::Sqlite:
        sqliteDir_ = std::make_unique<TempDir>();
        settings_.backend = DatabaseBackend::Sqlite;
        settings_.dialect = SqlDialect::Sqlite;
        settings_.connect = (sqliteDir_->path() / "store.db").string();
        break;
    case StoreBackend::Postgres:
    case StoreBackend::OdbcPostgres:
        name_ = uniqueName("t");
        drop_ = createPostgresSchema(name_);
        settings_.dialect = SqlDialect::PostgreSql;
        settings_.sessionSetup = {"SET search_path TO " + name_};
        if (backend == StoreBackend::Postgres) {
            settings_.backend = DatabaseBackend::PostgreSql;
            settings_.connect = requireEnv("MSGX_TEST_PG");
        } else {
            requireEnv("ODBCSYSINI");
            settings_.backend = DatabaseBackend::Odbc;
            settings_.connect = requireEnv("MSGX_TEST_ODBC_PG");
        }
        break;
    case StoreBackend::MySql:
    case StoreBackend::OdbcMySql:
        name_ = uniqueName("msgx_t");
        drop_ = createMariaDbDatabase(name_);
        settings_.dialect = SqlDialect::MySql;
        if (backend == StoreBackend::MySql) {
            settings_.backend = DatabaseBackend::MySql;
            settings_.connect = withConnectionValue(requireEnv("MSGX_TEST_MYSQL"), ';', "db", name_);
        } else {
            requireEnv("ODBCSYSINI");
            settings_.backend = DatabaseBackend::Odbc;
            settings_.connect =
                withConnectionValue(requireEnv("MSGX_TEST_ODBC_MYSQL"), ';', "Database", name_);
        }
        break;
    }
}

TestDatabase::~TestDatabase() {
    if (!drop_) {
        return;
    }
    try {
        drop_();
    } catch (const std::exception& e) {
        std::cerr << "TestDatabase: dropping " << name_ << " failed: " << e.what() << '\n';
    }
}

} // namespace msgx::test
