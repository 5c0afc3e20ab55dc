#include "msgx/config/Config.h"

#include "Choices.h"

namespace msgx::config {

using namespace detail;

std::string_view name(Profile p) {
    return choiceName<Profile>(kProfiles, p);
}
std::string_view name(DatabaseBackend b) {
    return choiceName<DatabaseBackend>(kBackends, b);
}
std::string_view name(SqlDialect d) {
    return choiceName<SqlDialect>(kDialects, d);
}
std::string_view name(TargetType t) {
    return choiceName<TargetType>(kTargetTypes, t);
}
std::string_view name(OnDead o) {
    return choiceName<OnDead>(kOnDead, o);
}
std::string_view name(LogLevel l) {
    return choiceName<LogLevel>(kLogLevels, l);
}
std::string_view name(LogFormat f) {
    return choiceName<LogFormat>(kLogFormats, f);
}

std::optional<SqlDialect> nativeDialect(DatabaseBackend b) {
    switch (b) {
    case DatabaseBackend::PostgreSql:
        return SqlDialect::PostgreSql;
    case DatabaseBackend::MySql:
        return SqlDialect::MySql;
    case DatabaseBackend::Sqlite:
        return SqlDialect::Sqlite;
    case DatabaseBackend::Odbc:
        break;
    }
    return std::nullopt;
}

} // namespace msgx::config
