#pragma once

#include "msgx/storage/Timestamp.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace msgx::storage {

class Transaction;

// Statements that act on many rows by key take the keys as one IN list of kIdsPerStatement
// markers (a fixed text, so it is prepared once and reviewed once, e.g. for Oracle): one round
// trip per 50 rows instead of one per row.
inline constexpr int kIdsPerStatement = 50;

// "?, ?, …" with kIdsPerStatement markers.
std::string idListMarkers();

// `ids` in chunks of exactly kIdsPerStatement, the last one filled up by repeating its last id
// (harmless in an IN list). Empty for no ids.
std::vector<std::vector<std::int64_t>> idChunks(const std::vector<std::int64_t>& ids);

// Which of `count` queued rows slot `slot` of a fixed-size statement that starts at row `first`
// binds: past the end the last row again, so that a short set fills every slot (binding a row
// twice selects, updates or deletes it once). `count` > 0.
constexpr std::size_t repeatingLastRow(std::size_t first, std::size_t slot, std::size_t count) {
    return first + slot < count ? first + slot : count - 1;
}

// Executes `sql` (an optional leading time parameter, then one IN list of kIdsPerStatement markers)
// once per chunk of `ids`, inside `tx`.
void executeForIds(Transaction& tx, const std::string& sql, std::optional<Timestamp> leading,
                   const std::vector<std::int64_t>& ids);

} // namespace msgx::storage
