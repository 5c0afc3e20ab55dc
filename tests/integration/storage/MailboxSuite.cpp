#include "MailboxSuite.h"

#include "RequireEnv.h"
#include "TestDatabase.h"
#include "UniqueName.h"
#include "session/SessionPool.h"

#include <Poco/Data/Session.h>

namespace msgx::test {

using namespace Poco::Data::Keywords;

void MailboxSuite::SetUp() {
    config_.timeZone = "Asia/Shanghai";
    settings_.role = "mailbox";
    settings_.poolSize = 2;
    if (GetParam() == MailboxBackend::Sqlite) {
        sqliteDir_ = std::make_unique<TempDir>();
        settings_.backend = config::DatabaseBackend::Sqlite;
        settings_.dialect = config::SqlDialect::Sqlite;
        settings_.connect = (sqliteDir_->path() / "mailbox.db").string();
        mailbox_ = storage::Mailbox::open(settings_, config_);
        mailbox_->createTablesIfAbsent();
        mailbox_->createTablesIfAbsent(); // idempotent
        return;
    }
    settings_.dialect = config::SqlDialect::MySql;
    if (GetParam() == MailboxBackend::MySql) {
        settings_.backend = config::DatabaseBackend::MySql;
        settings_.connect = requireEnv("MSGX_TEST_MAILBOX");
    } else {
        requireEnv("ODBCSYSINI");
        settings_.backend = config::DatabaseBackend::Odbc;
        settings_.connect =
            withConnectionValue(requireEnv("MSGX_TEST_ODBC_MYSQL"), ';', "Database", "mailbox");
    }
    // Tables of our own with exactly the fixture's layout (tests/services/mailbox-mysql.sql), so tests
    // running in parallel do not see each other's rows.
    config_.inboxTable = uniqueName("CMINMSGS");
    config_.outboxTable = uniqueName("COUTMSGS");
    execute("CREATE TABLE " + config_.inboxTable + " LIKE CMINMSGS");
    execute("CREATE TABLE " + config_.outboxTable + " LIKE COUTMSGS");
    drop_ = [this] { execute("DROP TABLE " + config_.inboxTable + ", " + config_.outboxTable); };
    mailbox_ = storage::Mailbox::open(settings_, config_);
}

void MailboxSuite::TearDown() {
    mailbox_.reset();
    if (drop_) {
        drop_();
    }
}

void MailboxSuite::execute(const std::string& sql) {
    storage::SessionPool pool(settings_);
    pool.transact("test: " + sql, [sql](storage::Transaction& tx) { tx.session() << sql, now; });
}

std::string MailboxSuite::queryText(const std::string& sql) {
    storage::SessionPool pool(settings_);
    return pool.transact("test: " + sql, [sql](storage::Transaction& tx) {
        std::string value;
        tx.session() << sql, into(value), now;
        return value;
    });
}

} // namespace msgx::test
