#pragma once

#include "msgx/storage/Timestamp.h"

#include <Poco/Nullable.h>
#include <Poco/Types.h>

#include <cstdint>
#include <optional>

// Optional values as the bound parameters of the processing-commit statements take them.
namespace msgx::storage {

inline Poco::Nullable<Poco::Int64> nullable(const std::optional<std::int64_t>& v) {
    return v ? Poco::Nullable<Poco::Int64>(*v) : Poco::Nullable<Poco::Int64>();
}

inline Poco::Nullable<Poco::Int64> nullable(const std::optional<Timestamp>& t) {
    return t ? Poco::Nullable<Poco::Int64>(toEpochMicros(*t)) : Poco::Nullable<Poco::Int64>();
}

} // namespace msgx::storage
