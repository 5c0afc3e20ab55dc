#pragma once

#include "msgx/storage/InfraError.h"

#include <Poco/Exception.h>

#include <optional>
#include <string>

namespace msgx::storage {

// The SQLSTATE in a Poco Data exception text: "State: 22001" (PostgreSQL),
// "[mysql_stmt_sqlstate]: 22001" (MySQL), "SQLSTATE = 22001" (ODBC). SQLite reports none.
std::optional<std::string> sqlStateIn(const std::string& driverText);

// The InfraError for a failure of `operation` reported by a Poco Data connector: classified from
// the exception type, the SQLSTATE and, where a driver gives nothing better (SQLite, lost MySQL
// connections), from its message.
InfraError infraErrorFrom(const std::string& operation, const Poco::Exception& error);

} // namespace msgx::storage
