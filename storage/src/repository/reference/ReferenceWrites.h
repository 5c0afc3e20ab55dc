#pragma once

#include "msgx/storage/ReferenceRecord.h"
#include "repository/rows/StoreContext.h"

#include <optional>
#include <string>

// Reference data writes, shared by the processing commit and the reference refresh. They run inside
// the caller's open transaction and never commit.
namespace msgx::storage {

// Throws std::invalid_argument for a change that cannot be written as given: an upsert without key
// or source, KeepOnlyBatch without a batch id (Oracle reads '' as NULL, and NULL matches nothing).
// Call before the transaction starts.
void validateReferenceChange(const ReferenceChange& change);

void applyReferenceChange(Transaction& tx, const SqlContext& ctx, const ReferenceChange& change,
                          Timestamp stamp);

} // namespace msgx::storage
