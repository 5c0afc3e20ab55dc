#pragma once

#include "msgx/storage/Backends.h"
#include "msgx/storage/Timestamp.h"

#include <Poco/Data/Binding.h>
#include <Poco/Nullable.h>

#include <cstdint>
#include <optional>
#include <string>

// How values of the storage layer become bound parameters and come back from result columns.
namespace msgx::storage {

using Poco::Data::AbstractBinding;

// Text parameters. Most connectors take a std::string for any text column; two ODBC cases do not
// (platform-notes §5): MariaDB Connector/ODBC reports VARCHAR(255) for a bound string and Poco then
// refuses longer values, so strings over 255 bytes go as CLOB; Oracle CLOB columns take CLOB
// parameters. psqlODBC, in turn, refuses CLOB for text columns, so it gets strings.
enum class TextColumn {
    Short, // VARCHAR (also in WHERE comparisons)
    Long,  // TEXT / MEDIUMTEXT / CLOB
};

class TextBinder {
public:
    TextBinder(DatabaseBackend backend, SqlDialect dialect);

    // Whether a value of `bytes` bytes for such a column is bound as CLOB (else as std::string).
    [[nodiscard]] bool bindsAsClob(std::size_t bytes, TextColumn column) const;

    // For a TEXT / MEDIUMTEXT / CLOB column.
    [[nodiscard]] AbstractBinding::Ptr longText(const std::string& value) const;
    [[nodiscard]] AbstractBinding::Ptr longText(const std::optional<std::string>& value) const;
    // For a VARCHAR column (also in WHERE comparisons).
    [[nodiscard]] AbstractBinding::Ptr shortText(const std::string& value) const;
    [[nodiscard]] AbstractBinding::Ptr shortText(const std::optional<std::string>& value) const;

private:
    bool clobForLongColumns_;
    bool clobOver255Bytes_;
};

AbstractBinding::Ptr bindMicros(Timestamp t);
AbstractBinding::Ptr bindMicros(const std::optional<Timestamp>& t);
AbstractBinding::Ptr bindInt64(std::int64_t v);
AbstractBinding::Ptr bindInt64(const std::optional<std::int64_t>& v);
AbstractBinding::Ptr bindInt(int v);

// Result columns: BIGINT microseconds to Timestamp, nullable columns to std::optional.
inline Timestamp timestampOf(Poco::Int64 micros) {
    return fromEpochMicros(micros);
}
std::optional<Timestamp> timestampOf(const Poco::Nullable<Poco::Int64>& micros);
std::optional<std::int64_t> optionalOf(const Poco::Nullable<Poco::Int64>& v);
std::optional<std::string> optionalOf(const Poco::Nullable<std::string>& v);

} // namespace msgx::storage
