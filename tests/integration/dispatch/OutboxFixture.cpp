#include "OutboxFixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

namespace msgx::test {

using namespace std::chrono_literals;

Clock::time_point dispatchTestStart() {
    return std::chrono::time_point_cast<Clock::duration>(std::chrono::sys_days{2024y / 3 / 18} + 7h);
}

SqliteOwnStore::SqliteOwnStore(Clock& clock, std::optional<std::filesystem::path> file) {
    storage::DatabaseSettings settings;
    settings.role = "store";
    settings.backend = storage::DatabaseBackend::Sqlite;
    settings.dialect = storage::SqlDialect::Sqlite;
    settings.connect = file.value_or(dir_.path() / "store.db").string();
    settings.poolSize = 4;
    store_ = storage::OwnStore::open(settings, clock);
    store_->migrate(std::filesystem::path(MSGX_SOURCE_DIR) / "storage" / "migrations");
}

std::vector<storage::EventId> SqliteOwnStore::addEvents(const std::vector<storage::NewEvent>& events) {
    storage::NewMessage message;
    message.mailboxId = nextMailboxId_++;
    message.rawXml = "<MSG><META><TYPE>FLOP</TYPE><STYP>ABTM</STYP></META></MSG>";
    message.mailboxStatus = "VALID";
    if (store_->processing().enqueue({message}, std::nullopt).size() != 1) {
        throw std::runtime_error("mailbox message not queued");
    }
    storage::ProcessingCommit commit;
    commit.mailboxId = message.mailboxId;
    commit.expected = {storage::ProcessingState::Pending, 0};
    commit.outcome.state = storage::ProcessingState::Succeeded;
    commit.events = events;
    if (!store_->processing().commit(commit).applied) {
        throw std::runtime_error("processing commit with events refused");
    }
    std::vector<storage::EventId> ids;
    for (const auto* target : {"msg", "schd"}) {
        for (const auto& e : store_->events().list(target, std::nullopt, lastEventId_, 100000)) {
            ids.push_back(e.id);
        }
    }
    std::sort(ids.begin(), ids.end());
    if (!ids.empty()) {
        lastEventId_ = ids.back();
    }
    return ids;
}

std::vector<storage::OutboxEvent> SqliteOwnStore::events(const std::string& target) {
    return store_->events().list(target, std::nullopt, 0, 1000000);
}

std::string flightUpdate(storage::FlightId flid, int seq) {
    return R"({"type":"flight-update","flid":)" + std::to_string(flid) + R"(,"fields":{"seq":)" +
           std::to_string(seq) + "}}";
}

std::string flightUpsert(storage::FlightId flid, int version) {
    return R"({"type":"flight-upsert","flid":)" + std::to_string(flid) + R"(,"document":{"version":)" +
           std::to_string(version) + "}}";
}

std::string flightDelete(storage::FlightId flid) {
    return R"({"type":"flight-delete","flid":)" + std::to_string(flid) + "}";
}

} // namespace msgx::test
