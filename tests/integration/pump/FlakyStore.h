#pragma once

#include "msgx/storage/OwnStore.h"

#include <functional>
#include <memory>

namespace msgx::test {

// An OwnStore that passes everything to a real one, except that a test can make the processing
// writes (commit, commitAll, recordFailure, bindIdentity, markProcessingStarted) or the flight
// reads throw storage::InfraError(Unavailable), as a store that went away would, or let another
// writer act just before a processing commit.
class FlakyStore final : public storage::OwnStore {
public:
    explicit FlakyStore(storage::OwnStore& inner);
    ~FlakyStore() override;

    bool failProcessingWrites = false;
    bool failFlightReads = false;
    // Runs just before each commit / commitAll reaches the real store (another writer's turn).
    std::function<void()> beforeCommit;

    storage::MigrationReport migrate(const std::filesystem::path& migrationsRoot) override;
    storage::ProcessingQueue& processing() override;
    storage::FlightRepository& flights() override;
    storage::FlightHistory& flightHistory() override { return inner_.flightHistory(); }
    storage::EventOutbox& events() override { return inner_.events(); }
    storage::BackfillQueue& backfill() override { return inner_.backfill(); }
    storage::ReferenceRepository& references() override { return inner_.references(); }
    storage::InboxCursors& cursors() override { return inner_.cursors(); }
    storage::ArchiveMover& archive() override { return inner_.archive(); }
    storage::WriterLease& lease() override { return inner_.lease(); }
    storage::OpsAuditLog& audit() override { return inner_.audit(); }
    storage::RequestTracker& requests() override { return inner_.requests(); }
    [[nodiscard]] const storage::DatabaseSettings& settings() const override { return inner_.settings(); }

private:
    class Queue;
    void runBeforeCommit() const {
        if (beforeCommit) {
            beforeCommit();
        }
    }

    class Flights;

    storage::OwnStore& inner_;
    std::unique_ptr<Queue> queue_;
    std::unique_ptr<Flights> flights_;
};

} // namespace msgx::test
