#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/pipeline/intake/IntakeSettings.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"

#include <cstdint>
#include <string>

namespace msgx::pipeline {

struct BacklogSkipReport {
    std::int64_t recorded = 0;      // new PROC_STATE rows SKIPPED backlog:<reason>
    std::int64_t alreadyQueued = 0; // ids queued before (not by a skip): left exactly as they were
    std::int64_t otherStatus = 0;   // backlog rows with a STATUS outside mailbox.accept-status: not marked
    std::int64_t marked = 0;        // mailbox rows back-filled (DATE_PROCESSED was still NULL)
    std::int64_t legacyMarked = 0;  // backlog rows whose DATE_PROCESSED was set already: kept
};

// msgxctl skip (docs/operations.md "Cut-over"): the mailbox rows first..last are recorded in
// PROC_STATE as SKIPPED with the note "backlog:<reason>" and are never processed; each row with an
// accepted STATUS is back-filled (DATE_PROCESSED, mailbox.status-map.skipped) only where its
// DATE_PROCESSED is still NULL, never over the legacy consumer's mark (which usually changes the
// STATUS too), and not at all with `shadow: true`; nothing is deleted. Rows
// already in PROC_STATE are left as they are. Paged (pipeline.batch-size ids per own-store and
// mailbox transaction) and repeatable: a run that stopped half-way is completed by running it again
// (the backlog rows it recorded and did not mark yet are marked then). Records OPS_AUDIT "skip"
// (actor `actor`) at the end. Throws storage::InfraError when a database fails (what was done stays
// done) and std::invalid_argument for first > last or an empty reason.
BacklogSkipReport skipBacklog(storage::OwnStore& store, storage::MailboxInbox& inbox, const Clock& clock,
                              const IntakeSettings& settings, storage::MailboxId first,
                              storage::MailboxId last, const std::string& reason, const std::string& actor);

// "backlog:<reason>"
std::string backlogNote(const std::string& reason);

} // namespace msgx::pipeline
