#include "MariaDbMailbox.h"

#include "../storage/TestDatabase.h"
#include "RequireEnv.h"
#include "UniqueName.h"
#include "msgx/config/StorageSettings.h"

namespace msgx::test {

using namespace Poco::Data::Keywords;

MariaDbMailbox::MariaDbMailbox(config::MailboxConfig& mailbox, Access access)
    : connect_(requireEnv("MSGX_TEST_MAILBOX")), inboxTable_(uniqueName("CMINMSGS")),
      outboxTable_(uniqueName("COUTMSGS")) {
    mailbox.inboxTable = inboxTable_;
    mailbox.outboxTable = outboxTable_;
    {
        Poco::Data::Session admin("MySQL", connect_);
        admin << "CREATE TABLE " + inboxTable_ + " LIKE CMINMSGS", now;
        admin << "CREATE TABLE " + outboxTable_ + " LIKE COUTMSGS", now;
    }
    storage::DatabaseSettings settings;
    settings.role = "mailbox";
    settings.dialect = storage::SqlDialect::MySql;
    if (access == Access::Native) {
        settings.backend = storage::DatabaseBackend::MySql;
        settings.connect = connect_;
    } else {
        requireEnv("ODBCSYSINI");
        settings.backend = storage::DatabaseBackend::Odbc;
        settings.connect =
            withConnectionValue(requireEnv("MSGX_TEST_ODBC_MYSQL"), ';', "Database", "mailbox");
    }
    settings.poolSize = 2;
    mailbox_ = storage::Mailbox::open(settings, config::mailboxTables(mailbox));
}

MariaDbMailbox::~MariaDbMailbox() {
    mailbox_.reset();
    try {
        Poco::Data::Session admin("MySQL", connect_);
        admin << "DROP TABLE " + inboxTable_ + ", " + outboxTable_, now;
    } catch (const std::exception&) {
        // A server gone at the end of a test leaves two uniquely named tables; the test has failed.
    }
}

storage::MailboxId MariaDbMailbox::insertOn(Poco::Data::Session& session, const std::string& text) {
    std::string xml = "<MSG>" + text + "</MSG>";
    session << "INSERT INTO " + inboxTable_ +
                   " (CMINMSGS_CLOB_MSG, CMINMSGS_DATE_RECEIVED, CMINMSGS_STATUS) VALUES (?, NOW(), 'VALID')",
        use(xml), now;
    Poco::UInt64 id = 0;
    session << "SELECT LAST_INSERT_ID()", into(id), now;
    return static_cast<storage::MailboxId>(id);
}

storage::MailboxId MariaDbMailbox::insert(const std::string& text) {
    Poco::Data::Session upstream("MySQL", connect_);
    return insertOn(upstream, text);
}

} // namespace msgx::test
