#include "session/SessionOpener.h"

#include "msgx/log/Log.h"
#include "msgx/storage/InfraError.h"
#include "msgx/storage/PocoConnectors.h"
#include "session/ConnectionString.h"
#include "session/DriverErrors.h"

#include <Poco/Any.h>

#include <mutex>

namespace msgx::storage {

namespace {

using namespace Poco::Data::Keywords;

constexpr std::size_t kMaxFieldSize = std::size_t{16} << 20; // = MEDIUMTEXT, the largest mailbox text

std::size_t seconds(std::chrono::milliseconds d) {
    return static_cast<std::size_t>(std::max<long long>(1, (d.count() + 999) / 1000));
}

bool isMariaDb(Poco::Data::Session& session) {
    std::string version;
    session << "SELECT VERSION()", into(version), now;
    return version.find("MariaDB") != std::string::npos;
}

// DatabaseSettings::idleInTransactionTimeout for the dialects that have it; true when it ran a statement.
bool limitIdleTransactions(Poco::Data::Session& session, const DatabaseSettings& settings) {
    if (settings.idleInTransactionTimeout.count() <= 0 ||
        (settings.dialect != SqlDialect::PostgreSql && settings.dialect != SqlDialect::MySql)) {
        return false;
    }
    if (settings.dialect == SqlDialect::PostgreSql) {
        session << "SET idle_in_transaction_session_timeout = " +
                       std::to_string(settings.idleInTransactionTimeout.count()),
            now;
    } else if (settings.dialect == SqlDialect::MySql && isMariaDb(session)) {
        session << "SET SESSION idle_transaction_timeout = " +
                       std::to_string(seconds(settings.idleInTransactionTimeout)),
            now;
    }
    return true;
}

void setUp(Poco::Data::Session& session, const DatabaseSettings& settings) {
    switch (settings.backend) {
    case DatabaseBackend::PostgreSql:
        break;
    case DatabaseBackend::MySql:
        session << "SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ZERO_DATE,NO_ENGINE_SUBSTITUTION'", now;
        session.setFeature("autoCommit", true);
        session.setConnectionTimeout(seconds(settings.operationTimeout));
        break;
    case DatabaseBackend::Odbc:
        session.setProperty("maxFieldSize", Poco::Any(kMaxFieldSize));
        session.setFeature("autoCommit", false);
        session.setProperty("queryTimeout", Poco::Any(static_cast<int>(seconds(settings.operationTimeout))));
        break;
    case DatabaseBackend::Sqlite: {
        std::string journalMode;
        session << "PRAGMA journal_mode=WAL", into(journalMode), now;
        session << "PRAGMA synchronous=NORMAL", now;
        int busyTimeout = 0;
        session << "PRAGMA busy_timeout=" + std::to_string(settings.operationTimeout.count()),
            into(busyTimeout), now;
        break;
    }
    }
    const bool ranStatements = limitIdleTransactions(session, settings) || !settings.sessionSetup.empty();
    for (const auto& statement : settings.sessionSetup) {
        session << statement, now;
    }
    if (settings.backend == DatabaseBackend::Odbc && ranStatements) {
        session.commit(); // autocommit is off: the set-up statements opened a transaction
    }
}

} // namespace

const char* connectorName(DatabaseBackend backend) {
    switch (backend) {
    case DatabaseBackend::PostgreSql:
        return "PostgreSQL";
    case DatabaseBackend::MySql:
        return "MySQL";
    case DatabaseBackend::Odbc:
        return "ODBC";
    case DatabaseBackend::Sqlite:
        return "SQLite";
    }
    return "unknown";
}

SessionOpener::SessionOpener(DatabaseSettings settings)
    : settings_(std::move(settings)), connect_(effectiveConnectionString(settings_)) {
    registerPocoConnectors();
}

namespace {

// psqlODBC's SQLDriverConnect is not safe to call from two threads at once: two pool workers
// connecting together read freed memory inside the driver (AddressSanitizer, heap-use-after-free in
// strchr under SQLDriverConnect, seen in the clean-clone CI). ODBC connects are therefore made one
// at a time in the process; they are rare (a pool opens a session once and keeps it), and each is
// bounded by the connect timeout.
std::mutex& odbcConnectMutex() {
    static std::mutex mutex;
    return mutex;
}

Poco::Data::Session connectSession(const DatabaseSettings& settings, const std::string& connect) {
    std::unique_lock<std::mutex> oneAtATime;
    if (settings.backend == DatabaseBackend::Odbc) {
        oneAtATime = std::unique_lock(odbcConnectMutex());
    }
    return Poco::Data::Session(connectorName(settings.backend), connect, seconds(settings.connectTimeout));
}

} // namespace

Poco::Data::Session SessionOpener::open() const {
    const std::string operation = settings_.role + ": open a " + connectorName(settings_.backend) +
                                  " session (" + redactedConnectionString(connect_) + ")";
    try {
        Poco::Data::Session session = connectSession(settings_, connect_);
        setUp(session, settings_);
        return session;
    } catch (const Poco::Exception& e) {
        const InfraError mapped = infraErrorFrom(operation, e);
        // Whatever the driver said, a session that cannot be opened and set up means the database is
        // not usable now.
        throw InfraError(InfraError::Reason::Unavailable, operation, mapped.cause(), mapped.sqlState());
    }
}

std::optional<ServerSession> SessionOpener::identify(Poco::Data::Session& session) const {
    try {
        auto server = identifyServerSession(session, settings_.dialect);
        if (settings_.backend == DatabaseBackend::Odbc) {
            session.commit(); // autocommit is off: the query opened a transaction
        }
        return server;
    } catch (const Poco::Exception& e) {
        log::warn("{}: cannot tell the server session id of a new session ({}); should its rollback fail, "
                  "it cannot be ended from another connection",
                  settings_.role, e.displayText());
        try {
            session.rollback();
        } catch (...) {
        }
    }
    return std::nullopt;
}

} // namespace msgx::storage
