#pragma once

#include "repository/rows/StoreContext.h"

#include <cstdint>
#include <string>

// The kept rows of the history tables (HST_ROW_COUNT, V12) on SQLite, which has no estimate of its
// own for `msgxctl status` (Dialect::tableRowsEstimateQuery). Every transaction that adds or removes
// history rows there adds its change, in the same transaction: the archive, the purge, the replay
// of an archived message (and a history sweep of flights). The server dialects keep none: their
// catalog's estimate serves, and a row deleted by hand cannot leave it wrong for good.
namespace msgx::storage {

// True when `dialect` keeps the counts (SQLite).
bool keepsHistoryCounts(const Dialect& dialect);

// Adds `n` (negative: removes) to the kept rows of history table `table`. Only where
// keepsHistoryCounts(); n == 0 writes nothing.
void addHistoryRows(Transaction& tx, const SqlContext& ctx, const std::string& table, std::int64_t n);

} // namespace msgx::storage
