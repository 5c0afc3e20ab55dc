#pragma once

#include "msgx/storage/Ids.h"
#include "msgx/storage/RequestTracker.h"
#include "repository/rows/StoreContext.h"

#include <optional>
#include <string>

// Request writes that run inside the caller's open transaction and never commit: the processing
// commit of a matched RESP completes its request with them (architecture.md §7: the RESP applies
// and its request becomes DONE in one transaction).
namespace msgx::storage {

// The OUTCOME of a request that expired by its timeout (a RESP that arrived before it may still
// complete it).
inline constexpr const char* kTimeoutOutcome = "timeout";

// The state of one REQ_TRACK row, locked until the transaction ends.
struct LockedRequest {
    std::string state;
    std::optional<std::string> outcome;
};
std::optional<LockedRequest> lockRequest(Transaction& tx, const SqlContext& ctx, RequestId id);

// SENT (or EXPIRED by its timeout) -> DONE, answered by `response`. False when the request was in
// neither state (superseded or done meanwhile); the caller's transaction is not refused for that.
bool markRequestDone(Transaction& tx, const SqlContext& ctx, RequestId id, MailboxId response, Timestamp at);

} // namespace msgx::storage
