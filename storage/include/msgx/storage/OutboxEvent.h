#pragma once

#include "msgx/storage/Ids.h"
#include "msgx/storage/Timestamp.h"

#include <optional>
#include <string>
#include <string_view>

namespace msgx::storage {

enum class EventState { Pending, Sent, Dead };
std::string_view eventStateName(EventState state); // "PENDING", "SENT", "DEAD"

// An event to add to the outbox (in a processing commit).
struct NewEvent {
    std::string target; // logical target, "msg" or "schd" (≤ 32)
    std::optional<FlightId> flid;
    std::string payloadJson;
};

// One MSG_EVENT row.
struct OutboxEvent {
    EventId id = 0;
    std::string target;
    std::optional<FlightId> flid;
    std::string payloadJson;
    EventState state = EventState::Pending;
    int attempts = 0;
    Timestamp nextAttemptAt{};
    std::optional<std::string> lastError;
    std::optional<MailboxId> sourceId; // the mailbox message that produced it
    Timestamp createdAt{};
    std::optional<Timestamp> sentAt;

    bool operator==(const OutboxEvent&) const = default;
};

} // namespace msgx::storage
