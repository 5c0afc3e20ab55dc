#pragma once

#include "TempDir.h"
#include "msgx/clock/Clock.h"
#include "msgx/storage/OwnStore.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// What the dispatcher tests share: an own store on a fresh SQLite file with the shipped
// migrations, and events written into its outbox the way the pump writes them (a processing
// commit of a mailbox message with its events).
namespace msgx::test {

// 2024-03-18T07:00:00Z, where every ManualClock of these tests starts.
Clock::time_point dispatchTestStart();

class SqliteOwnStore {
public:
    // On `file`, or on store.db in a temporary directory of its own when none is given.
    explicit SqliteOwnStore(Clock& clock, std::optional<std::filesystem::path> file = std::nullopt);
    [[nodiscard]] storage::OwnStore& store() { return *store_; }

    // Queues a new mailbox message and commits it SUCCEEDED with `events` (EVENT_IDs grow in
    // this order); returns their ids.
    std::vector<storage::EventId> addEvents(const std::vector<storage::NewEvent>& events);

    // Every event of `target` in EVENT_ID order.
    std::vector<storage::OutboxEvent> events(const std::string& target);

private:
    TempDir dir_;
    std::unique_ptr<storage::OwnStore> store_;
    storage::MailboxId nextMailboxId_ = 1;
    storage::EventId lastEventId_ = 0; // this fixture is the only writer of events
};

// MSG_EVENT payloads as the pump writes them (DeliveryRecord.h).
std::string flightUpdate(storage::FlightId flid, int seq);
std::string flightUpsert(storage::FlightId flid, int version);
std::string flightDelete(storage::FlightId flid);

} // namespace msgx::test
