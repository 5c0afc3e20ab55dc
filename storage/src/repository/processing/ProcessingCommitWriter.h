#pragma once

#include "msgx/storage/ProcessingQueue.h"
#include "repository/rows/StoreContext.h"

#include <functional>
#include <vector>

// The batch processing commit (ProcessingQueue::commitAll): several messages' flight writes,
// events, reference changes, terminal states and identity bindings in one own-store transaction,
// every row guarded, all or nothing.
namespace msgx::storage {

// Throws std::invalid_argument for a commit that does not end in a terminal state or carries an
// invalid reference change; InfraError when the store fails; a refusal names the conflicting row.
// `afterWrites`, when given, runs inside the transaction once every commit applied, before COMMIT
// (it must own what it captures, like any work of SessionPool::transact).
WriteResult writeProcessingCommits(const StoreContext& context, const std::vector<ProcessingCommit>& commits,
                                   std::function<void(Transaction&)> afterWrites = {});

} // namespace msgx::storage
