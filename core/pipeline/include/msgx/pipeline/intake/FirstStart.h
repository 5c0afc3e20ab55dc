#pragma once

#include "msgx/config/PipelineConfig.h"
#include "msgx/pipeline/intake/IntakeSettings.h"
#include "msgx/storage/InboxCursors.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"

#include <optional>

namespace msgx::config {
struct Config;
} // namespace msgx::config

namespace msgx::pipeline {

// pipeline.first-start (docs/operations.md "Cut-over"): where intake begins on an own store that
// has never read the mailbox, so that a cut-over onto a live mailbox does not process, publish and
// back-fill its whole history again.

// Auto resolved by the profile: Beginning on embedded, Refuse on production.
config::FirstStart resolvedFirstStart(const config::Config& config);

// The inbox cursor `mode` (resolved) starts from: none to begin at the first row (also for an empty
// mailbox); after the largest id; just before the lowest unprocessed row (after the largest when
// there is none). Refuse throws IntakeStopped saying how to choose.
std::optional<storage::InboxCursor> firstStartCursor(config::FirstStart mode,
                                                     std::optional<storage::MailboxId> maxId,
                                                     std::optional<storage::MailboxId> lowestUnprocessed);

// On a store without an inbox cursor: reads the mailbox as the mode needs, saves the cut-over start
// (InboxPoller::kStartName) and the cursor it starts from (OPS_AUDIT "cursor-first-start", actor
// msgxd) and returns it; nullopt when the store has a cursor or intake begins at the first row.
// Throws IntakeStopped for Refuse (mailbox not empty), storage::InfraError when a database fails.
std::optional<storage::InboxCursor> chooseFirstStart(const IntakeSettings& settings, storage::OwnStore& store,
                                                     storage::MailboxInbox& inbox);

} // namespace msgx::pipeline
