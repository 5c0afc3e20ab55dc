#pragma once

#include "msgx/storage/DatabaseSettings.h"
#include "session/ServerSession.h"

#include <Poco/Data/Session.h>

namespace msgx::storage {

// Opens one Poco Data session for a pool, with the per-backend set-up the rest of the storage layer
// relies on:
// - connection string completed by effectiveConnectionString(), login timeout = connect timeout;
// - MySQL: STRICT_ALL_TABLES (a too-long value is an error, never truncated), autocommit on;
//   read/write timeouts = operation timeout;
// - ODBC: autocommit off for good (Poco's begin() refuses to run in autocommit mode), maxFieldSize
//   16 MiB (the default 1024 silently cuts text), query timeout = operation timeout (platform-notes §5);
// - SQLite: WAL journal, synchronous=NORMAL, busy timeout = operation timeout;
// - then settings.sessionSetup, in order.
// Throws InfraError(Unavailable) naming the role and the redacted connection string.
class SessionOpener {
public:
    explicit SessionOpener(DatabaseSettings settings);

    [[nodiscard]] Poco::Data::Session open() const;
    // Who a session open() returned is on its server (ServerSession.h), leaving no transaction open;
    // nullopt when the dialect has no way to end it from another connection or the server does not
    // say (logged). Never throws.
    [[nodiscard]] std::optional<ServerSession> identify(Poco::Data::Session& session) const;
    [[nodiscard]] const DatabaseSettings& settings() const { return settings_; }

private:
    DatabaseSettings settings_;
    std::string connect_; // effective connection string
};

// The Poco connector name of a backend ("PostgreSQL", "MySQL", "ODBC", "SQLite").
const char* connectorName(DatabaseBackend backend);

} // namespace msgx::storage
