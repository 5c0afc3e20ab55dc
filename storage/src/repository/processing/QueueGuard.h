#pragma once

#include "msgx/storage/ProcessingQueue.h"
#include "repository/processing/CommitStatements.h"

#include <optional>
#include <string>

// The guard of a PROC_STATE write: the locked row must still be what the caller read
// (ProcessingQueue's QueueGuard), else the write is refused and says why.
namespace msgx::storage {

// "PROC_STATE 7 is FAILED/2" or "PROC_STATE 7 does not exist".
std::string describe(MailboxId id, const std::optional<LockedRow>& row);

// Nullopt when the locked row is unfinished and matches what the caller read; else why not.
std::optional<std::string> guardFails(MailboxId id, const std::optional<LockedRow>& row,
                                      const QueueGuard& expected);

// A refused write that names the row it conflicts at.
WriteResult refusedAt(MailboxId id, std::string why);

} // namespace msgx::storage
