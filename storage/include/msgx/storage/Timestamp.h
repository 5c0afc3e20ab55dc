#pragma once

#include "msgx/clock/Clock.h"

#include <cstdint>

namespace msgx::storage {

// An instant in UTC with microsecond resolution: what msgx::Clock returns.
using Timestamp = Clock::time_point;

// The own store keeps every instant as microseconds since 1970-01-01T00:00:00Z in a BIGINT
// (NUMBER(19) on Oracle) column. It is the one representation that round-trips exactly through
// every connector used here: Poco drops the fraction of PostgreSQL timestamps and reads them in the
// session's zone, SQLite keeps DateTime as text without milliseconds, MySQL TIMESTAMP columns cannot
// be read at all (platform-notes §3, §4, §6). An integer also compares and sorts the same everywhere.
constexpr std::int64_t toEpochMicros(Timestamp t) {
    return t.time_since_epoch().count();
}
constexpr Timestamp fromEpochMicros(std::int64_t micros) {
    return Timestamp(Clock::duration(micros));
}

} // namespace msgx::storage
