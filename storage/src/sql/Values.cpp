#include "sql/Values.h"

#include <Poco/Data/LOB.h>

namespace msgx::storage {

using Poco::Data::Keywords::bind;

namespace {
constexpr std::size_t kLongestOdbcMariaDbString = 255;
}

TextBinder::TextBinder(DatabaseBackend backend, SqlDialect dialect)
    : clobForLongColumns_(backend == DatabaseBackend::Odbc && dialect == SqlDialect::Oracle),
      clobOver255Bytes_(backend == DatabaseBackend::Odbc && dialect == SqlDialect::MySql) {}

bool TextBinder::bindsAsClob(std::size_t bytes, TextColumn column) const {
    return (clobForLongColumns_ && column == TextColumn::Long) ||
           (clobOver255Bytes_ && bytes > kLongestOdbcMariaDbString);
}

AbstractBinding::Ptr TextBinder::longText(const std::string& value) const {
    return bindsAsClob(value.size(), TextColumn::Long) ? bind(Poco::Data::CLOB(value)) : bind(value);
}

AbstractBinding::Ptr TextBinder::longText(const std::optional<std::string>& value) const {
    if (!value) {
        return clobForLongColumns_ ? bind(Poco::Nullable<Poco::Data::CLOB>())
                                   : bind(Poco::Nullable<std::string>());
    }
    return bindsAsClob(value->size(), TextColumn::Long)
               ? bind(Poco::Nullable<Poco::Data::CLOB>(Poco::Data::CLOB(*value)))
               : bind(Poco::Nullable<std::string>(*value));
}

AbstractBinding::Ptr TextBinder::shortText(const std::string& value) const {
    return bindsAsClob(value.size(), TextColumn::Short) ? bind(Poco::Data::CLOB(value)) : bind(value);
}

AbstractBinding::Ptr TextBinder::shortText(const std::optional<std::string>& value) const {
    if (!value) {
        return bind(Poco::Nullable<std::string>());
    }
    return bindsAsClob(value->size(), TextColumn::Short)
               ? bind(Poco::Nullable<Poco::Data::CLOB>(Poco::Data::CLOB(*value)))
               : bind(Poco::Nullable<std::string>(*value));
}

AbstractBinding::Ptr bindMicros(Timestamp t) {
    return bind(Poco::Int64{toEpochMicros(t)});
}

AbstractBinding::Ptr bindMicros(const std::optional<Timestamp>& t) {
    return t ? bind(Poco::Nullable<Poco::Int64>(toEpochMicros(*t))) : bind(Poco::Nullable<Poco::Int64>());
}

AbstractBinding::Ptr bindInt64(std::int64_t v) {
    return bind(Poco::Int64{v});
}

AbstractBinding::Ptr bindInt64(const std::optional<std::int64_t>& v) {
    return v ? bind(Poco::Nullable<Poco::Int64>(*v)) : bind(Poco::Nullable<Poco::Int64>());
}

AbstractBinding::Ptr bindInt(int v) {
    return bind(v);
}

std::optional<Timestamp> timestampOf(const Poco::Nullable<Poco::Int64>& micros) {
    return micros.isNull() ? std::nullopt : std::optional(fromEpochMicros(micros.value()));
}

std::optional<std::int64_t> optionalOf(const Poco::Nullable<Poco::Int64>& v) {
    return v.isNull() ? std::nullopt : std::optional<std::int64_t>(v.value());
}

std::optional<std::string> optionalOf(const Poco::Nullable<std::string>& v) {
    return v.isNull() ? std::nullopt : std::optional(v.value());
}

} // namespace msgx::storage
