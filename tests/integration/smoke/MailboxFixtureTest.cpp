// The mailbox fixture of the shared MariaDB (MSGX_TEST_MAILBOX, tests/services/mailbox-mysql.sql)
// has CMINMSGS and COUTMSGS exactly as docs/spec/mailbox.md §1.1 and §2.1 document them, and
// rows inserted the way the upstream and the legacy consumer do (§1.5, §4.5) read back.
#include "RequireEnv.h"
#include "SampleText.h"
#include "UniqueName.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>
#include <Poco/DateTime.h>
#include <Poco/Nullable.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <ostream>
#include <vector>

using namespace Poco::Data::Keywords;
using msgx::test::requireEnv;

namespace {

struct Column {
    std::string name;
    std::string type; // information_schema.COLUMNS.COLUMN_TYPE as MariaDB renders the spec's type
    bool nullable;
    // COLUMN_DEFAULT: MariaDB reports "NULL" (text) for DEFAULT NULL and SQL NULL for no default.
    std::optional<std::string> defaultValue;
    bool autoIncrement;

    bool operator==(const Column&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Column& c) {
    return out << c.name << " " << c.type << (c.nullable ? " NULL" : " NOT NULL") << " DEFAULT "
               << c.defaultValue.value_or("<none>") << (c.autoIncrement ? " AUTO_INCREMENT" : "");
}

constexpr const char* kNullDefault = "NULL";
constexpr std::nullopt_t kNoDefault = std::nullopt;
constexpr const char* kZeroDefault = "0";

// docs/spec/mailbox.md §1.1, in table order.
std::vector<Column> documentedInboundColumns() {
    return {
        {"CMINMSGS_ID", "bigint(20)", false, kNoDefault, true},
        {"CMINMSGS_CLOB_MSG", "mediumtext", false, kNoDefault, false},
        {"CMINMSGS_DATE_RECEIVED", "datetime", true, kNullDefault, false},
        {"CMINMSGS_DATE_PROCESSED", "datetime", true, kNullDefault, false},
        {"CMINMSGS_SUBSYSTEM_NAME", "varchar(4)", true, kNullDefault, false},
        {"CMINMSGS_SUBSYSTEM_SEQUENCE", "mediumint(9)", true, kNullDefault, false},
        {"CMINMSGS_SUBSYSTEM_DATE_SENT", "datetime", true, kNullDefault, false},
        {"CMINMSGS_SUBSYSTEM_SUBTYPE", "varchar(4)", true, kNullDefault, false},
        {"CMINMSGS_SUBSYSTEM_TYPE", "varchar(4)", true, kNullDefault, false},
        {"CMINMSGS_STATUS", "varchar(20)", true, kNullDefault, false},
    };
}

// docs/spec/mailbox.md §2.1, in table order.
std::vector<Column> documentedOutboundColumns() {
    return {
        {"COUTMSGS_ID", "bigint(20)", false, kNoDefault, true},
        {"COUTMSGS_CLOB_MSG", "mediumtext", true, kNullDefault, false},
        {"COUTMSGS_DATE_INSERTED", "datetime", false, kNoDefault, false},
        {"COUTMSGS_DATE_SENT", "datetime", true, kNullDefault, false},
        {"ROUTINGID", "varchar(23)", false, kNoDefault, false},
        {"COUTMSGS_TRUEFALS_GROUP", "tinyint(4)", false, kZeroDefault, false},
        {"COUTMSGS_NO_MESSAGES", "tinyint(4)", true, kNullDefault, false},
        {"COUTMSGS_GROUP_ORDER", "tinyint(4)", true, kNullDefault, false},
        {"COUTMSGS_GROUP_ID", "smallint(6)", true, kNullDefault, false},
        {"COUTMSGS_FINAL_GROUP_IND", "tinyint(4)", false, kZeroDefault, false},
        {"COUTMSGS_ACK_REQD", "tinyint(4)", false, kZeroDefault, false},
        {"COUTMSGS_ACK_RESEND_TIMES", "tinyint(4)", false, kZeroDefault, false},
        {"COUTMSGS_ACK_DATE_RECV", "datetime", true, kNullDefault, false},
        {"COUTMSGS_ENCRYPT", "tinyint(4)", false, kZeroDefault, false},
        {"COUTMSGS_ERROR", "tinyint(4)", false, kZeroDefault, false},
    };
}

Poco::Data::Session openMailbox() {
    msgx::storage::registerPocoConnectors();
    return Poco::Data::Session("MySQL", requireEnv("MSGX_TEST_MAILBOX"));
}

std::vector<Column> columnsOf(Poco::Data::Session& session, std::string table) {
    std::vector<std::string> names;
    std::vector<std::string> types;
    std::vector<std::string> nullables;
    std::vector<Poco::Nullable<std::string>> defaults;
    std::vector<std::string> extras;
    session << "SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, EXTRA"
               " FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?"
               " ORDER BY ORDINAL_POSITION",
        use(table), into(names), into(types), into(nullables), into(defaults), into(extras), now;
    std::vector<Column> columns;
    for (size_t i = 0; i < names.size(); ++i) {
        columns.push_back({names[i], types[i], nullables[i] == "YES",
                           defaults[i].isNull() ? std::nullopt : std::optional(defaults[i].value()),
                           extras[i] == "auto_increment"});
    }
    return columns;
}

// Engine, character set, and "no index besides the primary key" (mailbox.md §1.1).
void expectInnoDbUtf8mb4WithOnlyPrimaryKey(Poco::Data::Session& session, std::string table,
                                           const std::string& idColumn) {
    std::string engine;
    std::string collation;
    session << "SELECT ENGINE, TABLE_COLLATION FROM information_schema.TABLES"
               " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?",
        use(table), into(engine), into(collation), now;
    EXPECT_EQ(engine, "InnoDB") << table;
    EXPECT_THAT(collation, testing::StartsWith("utf8mb4_")) << table;

    std::vector<std::string> indexes;
    std::vector<std::string> indexedColumns;
    session << "SELECT INDEX_NAME, COLUMN_NAME FROM information_schema.STATISTICS"
               " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?",
        use(table), into(indexes), into(indexedColumns), now;
    EXPECT_THAT(indexes, testing::ElementsAre("PRIMARY")) << table;
    EXPECT_THAT(indexedColumns, testing::ElementsAre(idColumn)) << table;
}

std::string sampleXml() {
    // A marker unique to this run, so the row is found again whatever else is in the table.
    return R"(<?xml version="1.0" encoding="UTF-8"?><MSG><META><SNDR>AODB</SNDR><TYPE>FLOP</TYPE>)"
           "<SEQN>" +
           msgx::test::uniqueName("seqn") + "</SEQN></META><DATA>" + msgx::test::mixedUtf8Text() +
           "</DATA></MSG>";
}

} // namespace

TEST(MailboxFixture, InboundTableHasTheDocumentedColumns) {
    auto session = openMailbox();
    EXPECT_THAT(columnsOf(session, "CMINMSGS"), testing::ElementsAreArray(documentedInboundColumns()));
    expectInnoDbUtf8mb4WithOnlyPrimaryKey(session, "CMINMSGS", "CMINMSGS_ID");
}

TEST(MailboxFixture, OutboundTableHasTheDocumentedColumns) {
    auto session = openMailbox();
    EXPECT_THAT(columnsOf(session, "COUTMSGS"), testing::ElementsAreArray(documentedOutboundColumns()));
    expectInnoDbUtf8mb4WithOnlyPrimaryKey(session, "COUTMSGS", "COUTMSGS_ID");
}

TEST(MailboxFixture, UpstreamStyleInboundInsertReadsBack) {
    auto session = openMailbox();
    std::string xml = sampleXml();
    // docs/spec/mailbox.md §1.5
    session << "INSERT INTO CMINMSGS (CMINMSGS_CLOB_MSG, CMINMSGS_DATE_RECEIVED, CMINMSGS_STATUS)"
               " VALUES (?, NOW(), 'VALID')",
        use(xml), now;
    Poco::UInt64 id = 0;
    session << "SELECT LAST_INSERT_ID()", into(id), now;
    ASSERT_GT(id, 0u);

    std::string message;
    std::string status;
    Poco::Nullable<Poco::DateTime> received;
    Poco::Nullable<Poco::DateTime> processed;
    int filledSubsystemColumns = -1;
    session << "SELECT CMINMSGS_CLOB_MSG, CMINMSGS_STATUS, CMINMSGS_DATE_RECEIVED, CMINMSGS_DATE_PROCESSED,"
               " (CMINMSGS_SUBSYSTEM_NAME IS NOT NULL) + (CMINMSGS_SUBSYSTEM_SEQUENCE IS NOT NULL)"
               " + (CMINMSGS_SUBSYSTEM_DATE_SENT IS NOT NULL) + (CMINMSGS_SUBSYSTEM_SUBTYPE IS NOT NULL)"
               " + (CMINMSGS_SUBSYSTEM_TYPE IS NOT NULL)"
               " FROM CMINMSGS WHERE CMINMSGS_ID = ?",
        use(id), into(message), into(status), into(received), into(processed), into(filledSubsystemColumns),
        now;
    EXPECT_EQ(message, xml);
    EXPECT_EQ(status, "VALID");
    EXPECT_FALSE(received.isNull());
    EXPECT_TRUE(processed.isNull());
    EXPECT_EQ(filledSubsystemColumns, 0);

    // The legacy consumer's discovery query (mailbox.md §1.2) finds the row.
    std::vector<Poco::UInt64> pending;
    session << "SELECT CMINMSGS_ID FROM CMINMSGS WHERE CMINMSGS_DATE_PROCESSED IS NULL"
               " AND CMINMSGS_STATUS = 'VALID' ORDER BY CMINMSGS_DATE_RECEIVED, CMINMSGS_ID",
        into(pending), now;
    EXPECT_THAT(pending, testing::Contains(id));

    session << "DELETE FROM CMINMSGS WHERE CMINMSGS_ID = ?", use(id), now;
}

TEST(MailboxFixture, LegacyStyleOutboundInsertReadsBack) {
    auto session = openMailbox();
    std::string xml = sampleXml();
    Poco::DateTime inserted;
    std::string routingId = "VIEWRQRD";
    // docs/spec/mailbox.md §4.5: every column written explicitly.
    session
        << "INSERT INTO COUTMSGS (COUTMSGS_CLOB_MSG, COUTMSGS_DATE_INSERTED, COUTMSGS_DATE_SENT, ROUTINGID,"
           " COUTMSGS_TRUEFALS_GROUP, COUTMSGS_NO_MESSAGES, COUTMSGS_GROUP_ORDER, COUTMSGS_GROUP_ID,"
           " COUTMSGS_FINAL_GROUP_IND, COUTMSGS_ACK_REQD, COUTMSGS_ACK_RESEND_TIMES, COUTMSGS_ACK_DATE_RECV,"
           " COUTMSGS_ENCRYPT, COUTMSGS_ERROR)"
           " VALUES (?, ?, NULL, ?, 0, NULL, NULL, NULL, 0, 0, 0, NULL, 0, 0)",
        use(xml), use(inserted), use(routingId), now;
    Poco::UInt64 id = 0;
    session << "SELECT LAST_INSERT_ID()", into(id), now;
    ASSERT_GT(id, 0u);

    std::string message;
    std::string readRoutingId;
    Poco::Nullable<Poco::DateTime> sent;
    int flagSum = -1;
    session << "SELECT COUTMSGS_CLOB_MSG, ROUTINGID, COUTMSGS_DATE_SENT,"
               " COUTMSGS_TRUEFALS_GROUP + COUTMSGS_FINAL_GROUP_IND + COUTMSGS_ACK_REQD"
               " + COUTMSGS_ACK_RESEND_TIMES + COUTMSGS_ENCRYPT + COUTMSGS_ERROR"
               " FROM COUTMSGS WHERE COUTMSGS_ID = ?",
        use(id), into(message), into(readRoutingId), into(sent), into(flagSum), now;
    EXPECT_EQ(message, xml);
    EXPECT_EQ(readRoutingId, routingId);
    EXPECT_TRUE(sent.isNull());
    EXPECT_EQ(flagSum, 0);

    session << "DELETE FROM COUTMSGS WHERE COUTMSGS_ID = ?", use(id), now;
}
