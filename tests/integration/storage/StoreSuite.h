#pragma once

#include "TestDatabase.h"
#include "msgx/clock/ManualClock.h"
#include "msgx/storage/OwnStore.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

// The repository test suite: written once against the OwnStore interfaces, run unchanged on every
// backend. Each backend's test executable instantiates it once (Instantiate*.cpp), so CTest labels
// each run with its part (sqlite, pg, mysql, odbc-pg, odbc-mysql).
namespace msgx::test {

class StoreSuite : public ::testing::TestWithParam<StoreBackend> {
public:
    // The shipped migrations (storage/migrations in the source tree).
    static std::filesystem::path migrationsRoot();
    // 2024-03-18T07:00:00Z, where every test's clock starts.
    static Clock::time_point start();

protected:
    void SetUp() override;
    void TearDown() override;

    // A second OwnStore (its own pool and sessions) on the same database, for two-writer tests.
    std::unique_ptr<storage::OwnStore> openSecondStore();

    // Rows in `table`, counted through a separate session (what any other reader sees).
    std::int64_t rowCount(const std::string& table);

    // Queues mailbox id `id` as PENDING with a small message; fails the test unless it was inserted.
    void enqueue(storage::MailboxId id);
    // A commit of `id` (expected PENDING/0) that ends SUCCEEDED with back-fill status PROCESSED.
    static storage::ProcessingCommit succeeded(storage::MailboxId id);
    // Queues `id` and commits it SUCCEEDED with `flights`; fails the test unless it applied.
    void commitFlights(storage::MailboxId id, std::vector<storage::FlightWrite> flights);
    // The write that deletes flight `flid`, stored at `expectedVersion`.
    static storage::FlightWrite deletion(storage::FlightId flid, std::int64_t expectedVersion);

    [[nodiscard]] storage::OwnStore& store() { return *store_; }

    ManualClock clock_{start()};
    std::unique_ptr<TestDatabase> database_;
    std::unique_ptr<storage::OwnStore> store_;
};

} // namespace msgx::test
