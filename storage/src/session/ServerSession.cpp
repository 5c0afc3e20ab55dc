#include "session/ServerSession.h"

#include "session/SessionOpener.h"

#include <Poco/Exception.h>

#include <cstdlib>
#include <exception>

namespace msgx::storage {

namespace {

using namespace Poco::Data::Keywords;

// Two readings of one MariaDB start (UNIX_TIMESTAMP() - Uptime) may differ by a second.
constexpr long long kStartTolerance = 2;

long long serverStartedAt(Poco::Data::Session& session, SqlDialect dialect) {
    Poco::Int64 started = 0;
    if (dialect == SqlDialect::PostgreSql) {
        session << "SELECT CAST(EXTRACT(EPOCH FROM pg_postmaster_start_time()) AS BIGINT)", into(started),
            now;
    } else {
        session << "SELECT CAST(UNIX_TIMESTAMP() - VARIABLE_VALUE AS SIGNED) FROM "
                   "information_schema.GLOBAL_STATUS "
                   "WHERE VARIABLE_NAME = 'UPTIME'",
            into(started), now;
    }
    return started;
}

// True when the backend is gone (ended now or before).
bool terminatePostgresBackend(Poco::Data::Session& session, long long pid) {
    const std::string id = std::to_string(pid);
    Poco::Int64 present = 0;
    session << "SELECT COUNT(*) FROM pg_stat_activity WHERE pid = " + id, into(present), now;
    if (present == 0) {
        return true;
    }
    // pg_terminate_backend(pid, timeout) waits up to the timeout (ms) for the backend to end.
    Poco::Int64 ended = 0;
    session << "SELECT CAST(CASE WHEN pg_terminate_backend(" + id + ", 5000) THEN 1 ELSE 0 END AS BIGINT)",
        into(ended), now;
    return ended == 1;
}

void killMariaDbConnection(Poco::Data::Session& session, long long id) {
    try {
        session << "KILL CONNECTION " + std::to_string(id), now;
    } catch (const Poco::Exception& e) {
        if (e.displayText().find("Unknown thread id") == std::string::npos) {
            throw;
        }
        // ER_NO_SUCH_THREAD: the session is gone already.
    }
}

} // namespace

std::optional<ServerSession> identifyServerSession(Poco::Data::Session& session, SqlDialect dialect) {
    if (dialect != SqlDialect::PostgreSql && dialect != SqlDialect::MySql) {
        return std::nullopt;
    }
    Poco::Int64 id = 0;
    session << (dialect == SqlDialect::PostgreSql ? "SELECT CAST(pg_backend_pid() AS BIGINT)"
                                                  : "SELECT CAST(CONNECTION_ID() AS SIGNED)"),
        into(id), now;
    return ServerSession{id, serverStartedAt(session, dialect)};
}

bool endServerSession(const SessionOpener& opener, const ServerSession& target, std::string& problem) {
    const SqlDialect dialect = opener.settings().dialect;
    try {
        Poco::Data::Session session = opener.open();
        if (std::llabs(serverStartedAt(session, dialect) - target.serverStartedAt) > kStartTolerance) {
            return true; // restarted: the old server's sessions are gone, and their ids are reused
        }
        if (dialect == SqlDialect::PostgreSql) {
            if (!terminatePostgresBackend(session, target.id)) {
                problem = "backend " + std::to_string(target.id) + " did not end within 5 s";
                return false;
            }
            return true;
        }
        killMariaDbConnection(session, target.id);
        return true;
    } catch (const Poco::Exception& e) {
        problem = e.displayText();
    } catch (const std::exception& e) {
        problem = e.what();
    }
    return false;
}

} // namespace msgx::storage
