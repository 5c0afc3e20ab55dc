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

// The outbox of one target at a glance (EventOutbox::summary).
struct TargetSummary {
    std::string target;
    std::int64_t pending = 0;
    std::int64_t sent = 0;
    std::int64_t dead = 0;
    std::optional<Timestamp> oldestPendingCreatedAt;
    std::optional<EventId> newestDeadId;

    bool operator==(const TargetSummary&) const = default;
};

// What one target still has to deliver (EventOutbox::backlog): its PENDING events above the
// delivered mark, the CREATED_AT of the oldest of them, and its DEAD events.
struct TargetBacklog {
    std::int64_t pending = 0;
    std::optional<Timestamp> oldestPendingCreatedAt;
    std::int64_t dead = 0;

    bool operator==(const TargetBacklog&) const = default;
};

} // namespace msgx::storage
