#pragma once

#include "msgx/config/Config.h"
#include "msgx/storage/Mailbox.h"

#include <Poco/Data/Session.h>

#include <memory>
#include <string>

namespace msgx::test {

// A MariaDB mailbox of one test's own on the shared test server (MSGX_TEST_MAILBOX): tables made
// LIKE the fixture's CMINMSGS and COUTMSGS under unique names (written into `mailbox`), dropped
// again on destruction, read natively or over ODBC (MSGX_TEST_ODBC_MYSQL, the MariaDB Unicode
// driver). A missing server setting fails the test, never skips it.
class MariaDbMailbox {
public:
    enum class Access { Native, Odbc };

    MariaDbMailbox(config::MailboxConfig& mailbox, Access access);
    ~MariaDbMailbox();
    MariaDbMailbox(const MariaDbMailbox&) = delete;
    MariaDbMailbox& operator=(const MariaDbMailbox&) = delete;

    storage::Mailbox& mailbox() { return *mailbox_; }
    [[nodiscard]] const std::string& connect() const { return connect_; }
    [[nodiscard]] const std::string& inboxTable() const { return inboxTable_; }

    // INSERT as the upstream does ("<MSG>text</MSG>", received now, VALID) on `session`
    // (autocommit or inside its open transaction); the new id.
    storage::MailboxId insertOn(Poco::Data::Session& session, const std::string& text);
    // insertOn a session of its own (committed at once).
    storage::MailboxId insert(const std::string& text);

private:
    std::string connect_;
    std::string inboxTable_;
    std::string outboxTable_;
    std::unique_ptr<storage::Mailbox> mailbox_;
};

} // namespace msgx::test
