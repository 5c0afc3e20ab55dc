#include "IntakeFixture.h"

#include "msgx/config/StorageSettings.h"
#include "msgx/storage/DatabaseSettings.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>
#include <Poco/Nullable.h>

namespace msgx::test {

using namespace Poco::Data::Keywords;
using namespace std::chrono_literals;

Clock::time_point IntakeFixture::start() {
    return std::chrono::time_point_cast<Clock::duration>(std::chrono::sys_days{2024y / 3 / 18} + 7h);
}

void IntakeFixture::SetUp() {
    storage::registerPocoConnectors();
    config_.profile = config::Profile::Embedded;
    dir_ = std::make_unique<TempDir>();
    storage::DatabaseSettings store;
    store.backend = storage::DatabaseBackend::Sqlite;
    store.dialect = storage::SqlDialect::Sqlite;
    store.connect = (dir_->path() / "store.db").string();
    store_ = storage::OwnStore::open(store, clock_);
    store_->migrate(std::filesystem::path(MSGX_SOURCE_DIR) / "storage" / "migrations");

    storage::DatabaseSettings mailbox;
    mailbox.role = "mailbox";
    mailbox.backend = storage::DatabaseBackend::Sqlite;
    mailbox.dialect = storage::SqlDialect::Sqlite;
    mailboxPath_ = (dir_->path() / "mailbox.db").string();
    mailbox.connect = mailboxPath_;
    mailbox.poolSize = 2;
    mailbox_ = storage::Mailbox::open(mailbox, config::mailboxTables(config_.mailbox));
    mailbox_->createTablesIfAbsent();
}

void IntakeFixture::TearDown() {
    mailbox_.reset();
    store_.reset();
    dir_.reset();
}

std::string IntakeFixture::xmlOf(storage::MailboxId id) {
    return "<MSG>row " + std::to_string(id) + "</MSG>";
}

void IntakeFixture::addRow(storage::MailboxId id, const std::optional<std::string>& status) {
    Poco::Data::Session session("SQLite", mailboxPath_);
    Poco::Int64 rowId = id;
    std::string xml = xmlOf(id);
    std::string received = "2024-03-18 15:00:00";
    Poco::Nullable<std::string> value;
    if (status) {
        value = *status;
    }
    session
        << "INSERT INTO CMINMSGS (CMINMSGS_ID, CMINMSGS_CLOB_MSG, CMINMSGS_DATE_RECEIVED, CMINMSGS_STATUS)"
           " VALUES (?, ?, ?, ?)",
        use(rowId), use(xml), use(received), use(value), now;
}

std::vector<storage::MailboxId> IntakeFixture::queued() {
    std::vector<storage::MailboxId> ids;
    for (const auto& row : store_->processing().list({}, 0, 100000)) {
        ids.push_back(row.mailboxId);
    }
    return ids;
}

storage::ProcessingRecord IntakeFixture::record(storage::MailboxId id) {
    auto found = store_->processing().find(id);
    if (!found) {
        throw std::runtime_error("PROC_STATE " + std::to_string(id) + " does not exist");
    }
    return *found;
}

std::optional<storage::InboxCursor> IntakeFixture::cursor() {
    return store_->cursors().load("inbox");
}

std::pair<std::optional<std::string>, std::optional<std::string>>
IntakeFixture::mailboxMarks(storage::MailboxId id) {
    Poco::Data::Session session("SQLite", mailboxPath_);
    Poco::Int64 rowId = id;
    Poco::Nullable<std::string> processed;
    Poco::Nullable<std::string> status;
    session << "SELECT CMINMSGS_DATE_PROCESSED, CMINMSGS_STATUS FROM CMINMSGS WHERE CMINMSGS_ID = ?",
        use(rowId), into(processed), into(status), now;
    return {processed.isNull() ? std::nullopt : std::optional(processed.value()),
            status.isNull() ? std::nullopt : std::optional(status.value())};
}

void IntakeFixture::finish(storage::MailboxId id, storage::ProcessingState state, const std::string& status,
                           std::optional<std::string> identityKey) {
    storage::ProcessingCommit commit;
    commit.mailboxId = id;
    commit.expected = {storage::ProcessingState::Pending, 0};
    commit.outcome.state = state;
    if (state == storage::ProcessingState::Dead) {
        commit.outcome.errorClass = ErrorClass::Malformed;
        commit.outcome.lastError = "not XML";
    }
    commit.outcome.backfillStatus = status;
    commit.identityKey = std::move(identityKey);
    const auto result = store_->processing().commit(commit);
    ASSERT_TRUE(result.applied) << result.conflict;
}

} // namespace msgx::test
