#pragma once

#include "msgx/storage/DatabaseSettings.h"

#include <string>

namespace msgx::storage {

// The connection string actually used for `settings`: the configured one, plus the settings this
// project depends on when the configured string does not give them itself (an explicit value always
// wins). Added:
// - PostgreSQL (libpq, space separated; Poco cannot take quoted values): connect_timeout from
//   settings.connectTimeout, and keepalives=1 keepalives_idle=5 keepalives_interval=2
//   keepalives_count=3 tcp_user_timeout=10000, so that a dead peer or a broken network turns into an
//   error (platform-notes §12).
// - MySQL (semicolon separated): character-set=utf8mb4; Poco's default utf8 is utf8mb3 and refuses
//   4-byte characters (platform-notes §4).
// - ODBC with dialect postgresql: MaxVarcharSize and MaxLongVarcharSize of 16 MiB; psqlODBC's
//   defaults make Poco refuse strings over 255 bytes and garble text over 8190 (platform-notes §5).
// - ODBC with dialect mysql: CHARSET=utf8mb4.
std::string effectiveConnectionString(const DatabaseSettings& settings);

// The string with every password value replaced by "***", for log lines and errors.
std::string redactedConnectionString(const std::string& connect);

} // namespace msgx::storage
