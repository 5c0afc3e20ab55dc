#include "StoreSuite.h"

#include "session/SessionPool.h"

#include <Poco/Data/Session.h>

#include <chrono>

namespace msgx::test {

using namespace Poco::Data::Keywords;
using namespace std::chrono_literals;

Clock::time_point StoreSuite::start() {
    return std::chrono::time_point_cast<Clock::duration>(std::chrono::sys_days{2024y / 3 / 18} + 7h);
}

std::filesystem::path StoreSuite::migrationsRoot() {
    return std::filesystem::path(MSGX_SOURCE_DIR) / "storage" / "migrations";
}

void StoreSuite::SetUp() {
    database_ = std::make_unique<TestDatabase>(GetParam());
    store_ = storage::OwnStore::open(database_->settings(), clock_);
    const auto report = store_->migrate(migrationsRoot());
    ASSERT_EQ(report.versionBefore, 0);
}

void StoreSuite::TearDown() {
    store_.reset();
    database_.reset();
}

std::unique_ptr<storage::OwnStore> StoreSuite::openSecondStore() {
    return storage::OwnStore::open(database_->settings(), clock_);
}

std::int64_t StoreSuite::rowCount(const std::string& table) {
    storage::DatabaseSettings settings = database_->settings();
    settings.poolSize = 1;
    storage::SessionPool inspector(settings);
    return inspector.transact("count " + table, [table](storage::Transaction& tx) {
        Poco::Int64 count = 0;
        tx.session() << "SELECT COUNT(*) FROM " + table, into(count), now;
        return static_cast<std::int64_t>(count);
    });
}

void StoreSuite::enqueue(storage::MailboxId id) {
    storage::NewMessage message;
    message.mailboxId = id;
    message.rawXml =
        "<MSG><META><TYPE>FLOP</TYPE><STYP>ABTM</STYP><SEQN>" + std::to_string(id) + "</SEQN></META></MSG>";
    message.receivedAt = clock_.now();
    message.mailboxStatus = "VALID";
    const auto inserted = store_->processing().enqueue({message}, std::nullopt);
    ASSERT_EQ(inserted, std::vector<storage::MailboxId>{id});
}

storage::ProcessingCommit StoreSuite::succeeded(storage::MailboxId id) {
    storage::ProcessingCommit commit;
    commit.mailboxId = id;
    commit.expected = {storage::ProcessingState::Pending, 0};
    commit.outcome.state = storage::ProcessingState::Succeeded;
    commit.outcome.backfillStatus = "PROCESSED";
    return commit;
}

void StoreSuite::commitFlights(storage::MailboxId id, std::vector<storage::FlightWrite> flights) {
    enqueue(id);
    auto commit = succeeded(id);
    commit.flights = std::move(flights);
    const auto written = store_->processing().commit(commit);
    ASSERT_TRUE(written.applied) << written.conflict;
}

storage::FlightWrite StoreSuite::deletion(storage::FlightId flid, std::int64_t expectedVersion) {
    storage::FlightWrite write;
    write.kind = storage::FlightWrite::Kind::Delete;
    write.flid = flid;
    write.expectedVersion = expectedVersion;
    return write;
}

} // namespace msgx::test
