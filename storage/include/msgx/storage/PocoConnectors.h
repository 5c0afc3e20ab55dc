#pragma once

namespace msgx::storage {

// Registers the Poco Data connectors msgexchange uses (PostgreSQL, MySQL, ODBC, SQLite) with
// Poco's SessionFactory. Idempotent and thread-safe; call before opening any Poco::Data::Session.
void registerPocoConnectors();

} // namespace msgx::storage
