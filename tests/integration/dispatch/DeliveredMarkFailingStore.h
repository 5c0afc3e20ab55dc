#pragma once

#include "msgx/storage/OwnStore.h"

#include <atomic>
#include <chrono>
#include <memory>

namespace msgx::test {

// An OwnStore that forwards everything to a real one (counting the hold check's reads), except that
// EventOutbox::recordDelivered throws InfraError (as a lost connection would) the next `n` times after
// failNextRecordDelivered(n): the window in which the sink acknowledged a record but the store did not learn
// it. With commitThenFail, the upsert commits first and only its answer is lost (a client whose operation
// timeout ran out before the COMMIT's answer came).
class DeliveredMarkFailingStore : public storage::OwnStore {
public:
    explicit DeliveredMarkFailingStore(storage::OwnStore& real);
    ~DeliveredMarkFailingStore() override;

    void failNextRecordDelivered(int n, bool commitThenFail = false);
    // Every recordDelivered takes `took` longer (a slow store), and how many run at this moment.
    void slowRecordDelivered(std::chrono::milliseconds took);
    [[nodiscard]] int recordDeliveredRunning() const;
    // recordDelivered calls that threw so far.
    [[nodiscard]] int failedRecordDelivered() const;
    // EventOutbox::newestDead calls so far (the dispatcher's hold check reads it).
    [[nodiscard]] int newestDeadReads() const;

    storage::MigrationReport migrate(const std::filesystem::path& migrationsRoot) override {
        return real_.migrate(migrationsRoot);
    }
    storage::ProcessingQueue& processing() override { return real_.processing(); }
    storage::FlightRepository& flights() override { return real_.flights(); }
    storage::FlightHistory& flightHistory() override { return real_.flightHistory(); }
    storage::EventOutbox& events() override;
    storage::BackfillQueue& backfill() override { return real_.backfill(); }
    storage::ReferenceRepository& references() override { return real_.references(); }
    storage::InboxCursors& cursors() override { return real_.cursors(); }
    storage::ArchiveMover& archive() override { return real_.archive(); }
    storage::WriterLease& lease() override { return real_.lease(); }
    storage::OpsAuditLog& audit() override { return real_.audit(); }
    storage::RequestTracker& requests() override { return real_.requests(); }
    [[nodiscard]] const storage::DatabaseSettings& settings() const override { return real_.settings(); }

private:
    class Outbox;
    storage::OwnStore& real_;
    std::unique_ptr<Outbox> outbox_;
};

} // namespace msgx::test
