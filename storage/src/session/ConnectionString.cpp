#include "session/ConnectionString.h"

#include "msgx/codec/Ascii.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <vector>

namespace msgx::storage {

namespace {

std::string lower(std::string_view s) {
    return codec::toAsciiLower(s);
}

// True when a `key=` entry (case-insensitive) appears in the string split on `separator`.
bool hasKey(const std::string& connect, char separator, std::string_view key) {
    const std::string wanted = lower(key);
    std::size_t start = 0;
    while (start <= connect.size()) {
        std::size_t end = connect.find(separator, start);
        if (end == std::string::npos) {
            end = connect.size();
        }
        std::string_view entry(connect.data() + start, end - start);
        while (!entry.empty() && std::isspace(static_cast<unsigned char>(entry.front()))) {
            entry.remove_prefix(1);
        }
        const std::size_t equals = entry.find('=');
        if (equals != std::string_view::npos) {
            std::string_view name = entry.substr(0, equals);
            while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) {
                name.remove_suffix(1);
            }
            if (lower(name) == wanted) {
                return true;
            }
        }
        start = end + 1;
    }
    return false;
}

void addIfAbsent(std::string& connect, char separator, std::string_view key, const std::string& value) {
    if (hasKey(connect, separator, key)) {
        return;
    }
    if (!connect.empty() && connect.back() != separator) {
        connect += separator;
    }
    connect += std::string(key) + "=" + value;
    if (separator == ';') {
        connect += ';';
    }
}

long wholeSeconds(std::chrono::milliseconds d) {
    return std::max<long>(1, static_cast<long>((d.count() + 999) / 1000));
}

} // namespace

std::string effectiveConnectionString(const DatabaseSettings& settings) {
    std::string connect = settings.connect;
    switch (settings.backend) {
    case DatabaseBackend::PostgreSql:
        // libpq treats connect_timeout below 2 as 2.
        addIfAbsent(connect, ' ', "connect_timeout",
                    std::to_string(std::max(2L, wholeSeconds(settings.connectTimeout))));
        addIfAbsent(connect, ' ', "keepalives", "1");
        addIfAbsent(connect, ' ', "keepalives_idle", "5");
        addIfAbsent(connect, ' ', "keepalives_interval", "2");
        addIfAbsent(connect, ' ', "keepalives_count", "3");
        addIfAbsent(connect, ' ', "tcp_user_timeout", "10000");
        break;
    case DatabaseBackend::MySql:
        addIfAbsent(connect, ';', "character-set", "utf8mb4");
        break;
    case DatabaseBackend::Odbc:
        if (settings.dialect == SqlDialect::PostgreSql) {
            addIfAbsent(connect, ';', "MaxVarcharSize", "16777216");
            addIfAbsent(connect, ';', "MaxLongVarcharSize", "16777216");
        } else if (settings.dialect == SqlDialect::MySql) {
            addIfAbsent(connect, ';', "CHARSET", "utf8mb4");
        }
        break;
    case DatabaseBackend::Sqlite:
        break;
    }
    return connect;
}

std::string redactedConnectionString(const std::string& connect) {
    std::string out = connect;
    for (const std::string key : {"password=", "pwd="}) {
        std::size_t at = 0;
        for (;;) {
            const std::string lowered = lower(out);
            at = lowered.find(key, at);
            if (at == std::string::npos) {
                break;
            }
            const bool atEntryStart =
                at == 0 || out[at - 1] == ';' || out[at - 1] == ' ' || out[at - 1] == '{';
            const std::size_t valueStart = at + key.size();
            if (!atEntryStart) {
                at = valueStart;
                continue;
            }
            std::size_t valueEnd = out.find_first_of("; ", valueStart);
            if (valueEnd == std::string::npos) {
                valueEnd = out.size();
            }
            out.replace(valueStart, valueEnd - valueStart, "***");
            at = valueStart + 3;
        }
    }
    return out;
}

} // namespace msgx::storage
