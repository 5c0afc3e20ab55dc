#include "mailbox/MailboxStatements.h"

#include "msgx/codec/Ascii.h"
#include "repository/rows/IdChunks.h"
#include "sql/Dialect.h"

#include <stdexcept>

namespace msgx::storage {

namespace {

bool isIdentifier(const std::string& part) {
    if (part.empty() || part.size() > 64 || codec::isAsciiDigit(part.front())) {
        return false;
    }
    for (const char c : part) {
        if (!codec::isAsciiLetter(c) && !codec::isAsciiDigit(c) && c != '_') {
            return false;
        }
    }
    return true;
}

} // namespace

bool isSafeTableName(const std::string& name) {
    const std::size_t dot = name.find('.');
    if (dot == std::string::npos) {
        return isIdentifier(name);
    }
    return isIdentifier(name.substr(0, dot)) && isIdentifier(name.substr(dot + 1));
}

std::shared_ptr<const StatementCatalog> mailboxStatements(const Dialect& d, const std::string& inbox,
                                                          const std::string& outbox) {
    for (const auto* table : {&inbox, &outbox}) {
        if (!isSafeTableName(*table)) {
            throw std::invalid_argument("mailbox table name '" + *table + "' is not a plain identifier");
        }
    }
    auto c = std::make_shared<StatementCatalog>();
    const std::string text = d.longTextRead("CMINMSGS_CLOB_MSG");
    const std::string rowColumns = "CMINMSGS_ID, CMINMSGS_STATUS, " + text + ", " +
                                   d.datetimeAsText("CMINMSGS_DATE_RECEIVED") + " AS RECEIVED_TEXT";
    c->add(d, "mailbox.read-above",
           "SELECT " + rowColumns + " FROM " + inbox + " WHERE CMINMSGS_ID > ? ORDER BY CMINMSGS_ID LIMIT ?");
    // The idle poll's probe names no text column at all (sql/LongText.h).
    c->add(d, "mailbox.first-id-above",
           "SELECT CMINMSGS_ID FROM " + inbox + " WHERE CMINMSGS_ID > ? ORDER BY CMINMSGS_ID LIMIT 1");
    c->add(d, "mailbox.read-range",
           "SELECT " + rowColumns + " FROM " + inbox +
               " WHERE CMINMSGS_ID BETWEEN ? AND ? ORDER BY CMINMSGS_ID");
    c->add(d, "mailbox.read-text", "SELECT CMINMSGS_CLOB_MSG FROM " + inbox + " WHERE CMINMSGS_ID = ?");
    c->add(d, "mailbox.max-id", "SELECT MAX(CMINMSGS_ID) FROM " + inbox);
    c->add(d, "mailbox.lowest-unprocessed",
           "SELECT MIN(CMINMSGS_ID) FROM " + inbox +
               " WHERE CMINMSGS_DATE_PROCESSED IS NULL AND CMINMSGS_STATUS = ?");
    c->add(d, "mailbox.unprocessed-in-range",
           "SELECT CMINMSGS_ID, CMINMSGS_STATUS FROM " + inbox +
               " WHERE CMINMSGS_ID BETWEEN ? AND ? AND CMINMSGS_DATE_PROCESSED IS NULL ORDER BY CMINMSGS_ID");
    c->add(d, "mailbox.is-unmarked",
           "SELECT COUNT(*) FROM " + inbox + " WHERE CMINMSGS_ID = ? AND CMINMSGS_DATE_PROCESSED IS NULL");
    c->add(d, "mailbox.backfill-unmarked",
           "UPDATE " + inbox + " SET CMINMSGS_DATE_PROCESSED = " + d.datetimeFromText() +
               ", CMINMSGS_STATUS = ? WHERE CMINMSGS_ID = ? AND CMINMSGS_DATE_PROCESSED IS NULL");
    c->add(d, "mailbox.backfill",
           "UPDATE " + inbox + " SET CMINMSGS_DATE_PROCESSED = " + d.datetimeFromText() +
               ", CMINMSGS_STATUS = ? WHERE CMINMSGS_ID = ?");
    c->add(d, "mailbox.backfill-many",
           "UPDATE " + inbox + " SET CMINMSGS_DATE_PROCESSED = " + d.datetimeFromText() +
               ", CMINMSGS_STATUS = ? WHERE CMINMSGS_ID IN (" + idListMarkers() + ")");
    c->add(d, "mailbox.insert-inbound",
           "INSERT INTO " + inbox +
               " (CMINMSGS_CLOB_MSG, CMINMSGS_DATE_RECEIVED, CMINMSGS_STATUS) VALUES (?, " +
               d.datetimeFromText() + ", ?)");
    c->add(d, "mailbox.insert-outbound",
           "INSERT INTO " + outbox +
               " (COUTMSGS_CLOB_MSG, COUTMSGS_DATE_INSERTED, COUTMSGS_DATE_SENT, ROUTINGID, "
               "COUTMSGS_TRUEFALS_GROUP,"
               " COUTMSGS_NO_MESSAGES, COUTMSGS_GROUP_ORDER, COUTMSGS_GROUP_ID, COUTMSGS_FINAL_GROUP_IND,"
               " COUTMSGS_ACK_REQD, COUTMSGS_ACK_RESEND_TIMES, COUTMSGS_ACK_DATE_RECV, COUTMSGS_ENCRYPT,"
               " COUTMSGS_ERROR) VALUES (?, " +
               d.datetimeFromText() + ", NULL, ?, 0, NULL, NULL, NULL, 0, 0, 0, NULL, 0, 0)");
    c->add(d, "mailbox.outbound-max-id", "SELECT MAX(COUTMSGS_ID) FROM " + outbox);
    c->add(d, "mailbox.outbound-above",
           "SELECT COUTMSGS_ID, COUTMSGS_CLOB_MSG, ROUTINGID FROM " + outbox +
               " WHERE COUTMSGS_ID > ? ORDER BY COUTMSGS_ID LIMIT ?");
    c->add(d, "mailbox.generated-id", d.generatedIdQuery(""));
    return c;
}

} // namespace msgx::storage
