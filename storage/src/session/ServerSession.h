#pragma once

#include "msgx/storage/DatabaseSettings.h"

#include <Poco/Data/Session.h>

#include <optional>
#include <string>

namespace msgx::storage {

class SessionOpener;

// Who a session is on its server, captured when it opens, so that another connection can end it:
// the server's id of the session (PostgreSQL pg_backend_pid(), MariaDB CONNECTION_ID()) and when
// the server started (a restarted server reuses ids: an unrelated session must never be ended).
struct ServerSession {
    long long id = 0;
    long long serverStartedAt = 0; // seconds since the epoch, as the server says
};

// The identity of `session` (one round trip); nullopt for a dialect whose sessions cannot be ended
// from another connection here (SQLite, Oracle). Throws what the driver throws.
std::optional<ServerSession> identifyServerSession(Poco::Data::Session& session, SqlDialect dialect);

// Ends the server session `target` from a fresh session opened with `opener`: PostgreSQL
// pg_terminate_backend (waiting until the backend is gone), MariaDB KILL CONNECTION (which shuts
// the session's socket at once). A database user may end its own sessions; the server rolls back
// their open transactions. Returns true when the server session is gone: ended now, already gone,
// or the server restarted since. Returns false, with `problem` saying why, when the server cannot
// be reached or refused; never throws.
bool endServerSession(const SessionOpener& opener, const ServerSession& target, std::string& problem);

} // namespace msgx::storage
