#include "MailboxSuite.h"

#include "RequireEnv.h"
#include "TestDatabase.h"
#include "UniqueName.h"
#include "session/SessionPool.h"

#include <Poco/Data/Session.h>

namespace msgx::test {

using namespace Poco::Data::Keywords;

void MailboxSuite::SetUp() {
    tables_.timeZone = "Asia/Shanghai";
    settings_.role = "mailbox";
    settings_.poolSize = 2;
    if (GetParam() == MailboxBackend::Sqlite) {
        sqliteDir_ = std::make_unique<TempDir>();
        settings_.backend = storage::DatabaseBackend::Sqlite;
        settings_.dialect = storage::SqlDialect::Sqlite;
        settings_.connect = (sqliteDir_->path() / "mailbox.db").string();
        mailbox_ = storage::Mailbox::open(settings_, tables_);
        mailbox_->createTablesIfAbsent();
        mailbox_->createTablesIfAbsent(); // idempotent
        return;
    }
    settings_.dialect = storage::SqlDialect::MySql;
    if (GetParam() == MailboxBackend::MySql) {
        settings_.backend = storage::DatabaseBackend::MySql;
        settings_.connect = requireEnv("MSGX_TEST_MAILBOX");
    } else {
        requireEnv("ODBCSYSINI");
        settings_.backend = storage::DatabaseBackend::Odbc;
        settings_.connect =
            withConnectionValue(requireEnv("MSGX_TEST_ODBC_MYSQL"), ';', "Database", "mailbox");
    }
    // Tables of our own with exactly the fixture's layout (tests/services/mailbox-mysql.sql), so tests
    // running in parallel do not see each other's rows.
    tables_.inbox = uniqueName("CMINMSGS");
    tables_.outbox = uniqueName("COUTMSGS");
    execute("CREATE TABLE " + tables_.inbox + " LIKE CMINMSGS");
    execute("CREATE TABLE " + tables_.outbox + " LIKE COUTMSGS");
    drop_ = [this] { execute("DROP TABLE " + tables_.inbox + ", " + tables_.outbox); };
    mailbox_ = storage::Mailbox::open(settings_, tables_);
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
