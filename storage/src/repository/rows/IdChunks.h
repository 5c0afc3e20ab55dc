#pragma once

#include "msgx/storage/Timestamp.h"
#include "session/NamedStatements.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace msgx::storage {

class Transaction;
struct SqlContext;

// Statements that act on many rows by key take the keys as one IN list of kIdsPerStatement
// markers (a fixed text, so it is prepared once and reviewed once, e.g. for Oracle): one round
// trip per 50 rows instead of one per row.
inline constexpr int kIdsPerStatement = 50;

// "?, ?, …" with kIdsPerStatement markers.
std::string idListMarkers();

// `ids` in chunks of exactly kIdsPerStatement, the last one filled up by repeating its last id
// (harmless in an IN list). Empty for no ids.
std::vector<std::vector<std::int64_t>> idChunks(const std::vector<std::int64_t>& ids);

// A chunk of idChunks() as the parameters of a named statement (NamedStatements.h).
std::vector<Parameter> idParameters(const std::vector<std::int64_t>& chunk);

// Which of `count` queued rows slot `slot` of a fixed-size statement that starts at row `first`
// binds: past the end the last row again, so that a short set fills every slot (binding a row
// twice selects, updates or deletes it once). `count` > 0.
constexpr std::size_t repeatingLastRow(std::size_t first, std::size_t slot, std::size_t count) {
    return first + slot < count ? first + slot : count - 1;
}

// Executes catalog statement `name` (an optional leading time parameter, then one IN list of
// kIdsPerStatement markers) once per chunk of `ids`, inside `tx`. Ad hoc, not a named statement
// (NamedStatements.h): prepared once, PostgreSQL's generic plan for backfill.done (`BACKFILL_STATE =
// 'DUE' AND CMINMSGS_ID IN (…)`) took 10.3 ms per call behind a 100,000-row backlog against 1.1 ms for
// the plan made for the values each time (pg_stat_statements, e2e bench, 2026-12-05).
void executeForIds(Transaction& tx, const SqlContext& ctx, const std::string& name,
                   std::optional<Timestamp> leading, const std::vector<std::int64_t>& ids);

} // namespace msgx::storage
