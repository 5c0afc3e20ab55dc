#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/MySQL/Connector.h>
#include <Poco/Data/ODBC/Connector.h>
#include <Poco/Data/PostgreSQL/Connector.h>
#include <Poco/Data/SQLite/Connector.h>

#include <mutex>

namespace msgx::storage {

void registerPocoConnectors() {
    static std::once_flag once;
    std::call_once(once, [] {
        Poco::Data::PostgreSQL::Connector::registerConnector();
        Poco::Data::MySQL::Connector::registerConnector();
        Poco::Data::ODBC::Connector::registerConnector();
        Poco::Data::SQLite::Connector::registerConnector();
    });
}

} // namespace msgx::storage
