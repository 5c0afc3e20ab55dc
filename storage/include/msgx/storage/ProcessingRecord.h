#pragma once

#include "msgx/codec/ErrorClass.h"
#include "msgx/storage/Ids.h"
#include "msgx/storage/Timestamp.h"

#include <optional>
#include <string>
#include <string_view>

namespace msgx::storage {

// The life cycle of one mailbox message (architecture.md §4).
enum class ProcessingState { Pending, Failed, Succeeded, Skipped, Dead };

// "PENDING", "FAILED", "SUCCEEDED", "SKIPPED", "DEAD": the values of PROC_STATE.STATE. Every stored
// name of this file and OutboxEvent.h has one table (repository/rows/StoredNames.cpp).
std::string_view stateName(ProcessingState state);
// The state an operator names ("failed", "DEAD"; case-insensitive), nullopt for any other text.
std::optional<ProcessingState> processingStateNamed(std::string_view name);
// Terminal states end processing and carry a back-fill intent.
constexpr bool isTerminal(ProcessingState state) {
    return state == ProcessingState::Succeeded || state == ProcessingState::Skipped ||
           state == ProcessingState::Dead;
}

// Whether the mailbox row still has to be marked (PROC_STATE.BACKFILL_STATE):
// NONE (never: not terminal yet, shadow mode, or a row the mailbox did not mark valid),
// DUE (terminal; the back-fill worker writes it), DONE (written).
enum class BackfillState { None, Due, Done };
std::string_view backfillStateName(BackfillState state);

// One PROC_STATE row (or, with `archived`, PROC_STATE_HST row).
struct ProcessingRecord {
    MailboxId mailboxId = 0;
    std::string rawXml;
    ProcessingState state = ProcessingState::Pending;
    std::optional<ErrorClass> errorClass; // why it failed or died
    std::optional<std::string> lastError; // the error text of the last failure
    std::optional<std::string> note; // outcome detail: "duplicate-of:17", "ignored:LDM-*", "unknown-flight"
    int attempts = 0;
    std::optional<Timestamp> nextAttemptAt;
    std::optional<std::string> identityKey; // SNDR|TYPE|STYP|SEQN once bound
    std::optional<std::string> type;
    std::optional<std::string> styp;
    std::optional<std::string> mailboxStatus; // CMINMSGS_STATUS as read from the mailbox
    std::optional<Timestamp> receivedAt;      // CMINMSGS_DATE_RECEIVED
    Timestamp enqueuedAt{};
    std::optional<Timestamp> processingStartedAt; // first time the message became head (deadline anchor)
    Timestamp updatedAt{};
    BackfillState backfillState = BackfillState::None;
    int backfillAttempts = 0;
    std::optional<Timestamp> backfillNextAt;
    std::optional<std::string> backfillStatusValue; // STATUS to write into the mailbox row
    std::optional<std::string> backfillError;
    std::optional<Timestamp> processedAt; // when the terminal state was committed (DATE_PROCESSED)
    // Read from PROC_STATE_HST (the archive moved it there), not from PROC_STATE.
    bool archived = false;

    bool operator==(const ProcessingRecord&) const = default;
};

// A mailbox row to queue (ProcessingQueue::enqueue).
struct NewMessage {
    MailboxId mailboxId = 0;
    std::string rawXml;
    std::optional<Timestamp> receivedAt;
    std::optional<std::string> mailboxStatus;
    // Set for a row that is recorded but not processed (a STATUS outside mailbox.accept-status):
    // it is stored SKIPPED with this note ("mailbox-status:<value>") and never back-filled.
    std::optional<std::string> skipNote;
};

} // namespace msgx::storage
