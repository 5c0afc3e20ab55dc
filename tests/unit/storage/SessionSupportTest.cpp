// Connection strings completed with the settings the storage layer depends on; driver error texts
// classified; mailbox DATETIME text converted in the mailbox's zone.
#include "mailbox/MailboxStatements.h"
#include "mailbox/MailboxTime.h"
#include "session/ConnectionString.h"
#include "session/DriverErrors.h"

#include <Poco/Data/DataException.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace msgx::test {
namespace {

using storage::DatabaseBackend;
using storage::DatabaseSettings;
using storage::effectiveConnectionString;
using storage::InfraError;
using storage::SqlDialect;
using testing::HasSubstr;
using testing::Not;

DatabaseSettings settings(DatabaseBackend backend, SqlDialect dialect, std::string connect) {
    DatabaseSettings s;
    s.backend = backend;
    s.dialect = dialect;
    s.connect = std::move(connect);
    s.connectTimeout = std::chrono::seconds(7);
    return s;
}

TEST(ConnectionString, PostgresGetsConnectTimeoutAndKeepalivesUnlessGiven) {
    const auto added = effectiveConnectionString(
        settings(DatabaseBackend::PostgreSql, SqlDialect::PostgreSql, "host=db1 dbname=msgx user=msgx"));
    EXPECT_EQ(added, "host=db1 dbname=msgx user=msgx connect_timeout=7 keepalives=1 keepalives_idle=5"
                     " keepalives_interval=2 keepalives_count=3 tcp_user_timeout=10000");
    const auto kept = effectiveConnectionString(settings(DatabaseBackend::PostgreSql, SqlDialect::PostgreSql,
                                                         "host=db1 CONNECT_TIMEOUT=3 keepalives_idle=60"));
    EXPECT_THAT(kept, HasSubstr("CONNECT_TIMEOUT=3"));
    EXPECT_THAT(kept, Not(HasSubstr("connect_timeout=7")));
    EXPECT_THAT(kept, Not(HasSubstr("keepalives_idle=5")));
}

TEST(ConnectionString, MySqlAndOdbcGetTheirCharacterSetAndOdbcPostgresItsSizes) {
    EXPECT_EQ(effectiveConnectionString(settings(DatabaseBackend::MySql, SqlDialect::MySql, "host=h;db=x")),
              "host=h;db=x;character-set=utf8mb4;");
    EXPECT_EQ(effectiveConnectionString(
                  settings(DatabaseBackend::MySql, SqlDialect::MySql, "host=h;character-set=latin1;db=x")),
              "host=h;character-set=latin1;db=x");
    EXPECT_EQ(effectiveConnectionString(settings(DatabaseBackend::Odbc, SqlDialect::MySql, "DSN=m;")),
              "DSN=m;CHARSET=utf8mb4;");
    EXPECT_EQ(effectiveConnectionString(settings(DatabaseBackend::Odbc, SqlDialect::PostgreSql, "DSN=p")),
              "DSN=p;MaxVarcharSize=16777216;MaxLongVarcharSize=16777216;");
    EXPECT_EQ(effectiveConnectionString(settings(DatabaseBackend::Odbc, SqlDialect::Oracle, "DSN=o;UID=u")),
              "DSN=o;UID=u");
    EXPECT_EQ(effectiveConnectionString(settings(DatabaseBackend::Sqlite, SqlDialect::Sqlite, "/var/x.db")),
              "/var/x.db");
}

TEST(ConnectionString, PasswordsAreRedactedForLogs) {
    EXPECT_EQ(storage::redactedConnectionString("host=h password=secret user=u"),
              "host=h password=*** user=u");
    EXPECT_EQ(storage::redactedConnectionString("host=h;password=secret;db=x"), "host=h;password=***;db=x");
    EXPECT_EQ(storage::redactedConnectionString("DSN=x;Uid=u;Pwd=secret;"), "DSN=x;Uid=u;Pwd=***;");
}

TEST(DriverErrors, SqlStateIsFoundInEveryConnectorsText) {
    EXPECT_EQ(storage::sqlStateIn(
                  "ERROR:  value too long for type character varying(4)\n Severity: ERROR State: 22001"),
              "22001");
    EXPECT_EQ(
        storage::sqlStateIn("[mysql_stmt_errno]: 1406\t[mysql_stmt_sqlstate]: 22001\t[statemnt]: INSERT"),
        "22001");
    EXPECT_EQ(storage::sqlStateIn("ODBC Diagnostic record #1:\nSQLSTATE = 23505\nNative Error Code = 1"),
              "23505");
    EXPECT_FALSE(storage::sqlStateIn("CHECK constraint failed: length(FLNO) <= 12"));
}

TEST(DriverErrors, AreClassifiedForTheCaller) {
    const auto reason = [](const Poco::Exception& e) { return storage::infraErrorFrom("op", e).reason(); };
    EXPECT_EQ(reason(Poco::Data::DataException("SQLSTATE = 22001\nData too long")),
              InfraError::Reason::ValueTooLong);
    EXPECT_EQ(reason(Poco::Data::DataException("State: 23505 duplicate key")),
              InfraError::Reason::Constraint);
    EXPECT_EQ(reason(Poco::Data::DataException("CHECK constraint failed: length(TARGET) <= 32")),
              InfraError::Reason::ValueTooLong);
    EXPECT_EQ(reason(Poco::Data::DataException("server closed the connection unexpectedly")),
              InfraError::Reason::Unavailable);
    EXPECT_EQ(reason(Poco::Data::ConnectionFailedException("refused")), InfraError::Reason::Unavailable);
    EXPECT_EQ(reason(Poco::Data::DataException("syntax error at or near \",\"")),
              InfraError::Reason::Statement);
    const auto error =
        storage::infraErrorFrom("store: commit", Poco::Data::DataException("line one\n\nline two"));
    EXPECT_EQ(error.cause(), "Database Exception: line one line two");
    EXPECT_THAT(error.what(), HasSubstr("store: commit failed (statement)"));
}

TEST(MailboxTime, IsLocalTimeOfTheMailboxZone) {
    const auto shanghai = codec::TimeZone::load("Asia/Shanghai");
    using namespace std::chrono;
    const storage::Timestamp instant =
        time_point_cast<storage::Timestamp::duration>(sys_days{2024y / 3 / 18} + 7h + 15min) +
        microseconds(678901);
    EXPECT_EQ(storage::instantToMailboxTime(instant, shanghai), "2024-03-18 15:15:00");
    EXPECT_EQ(storage::mailboxTimeToInstant("2024-03-18 15:15:00", shanghai),
              time_point_cast<storage::Timestamp::duration>(sys_days{2024y / 3 / 18} + 7h + 15min));
    EXPECT_EQ(storage::mailboxTimeToInstant("2024-03-18 15:15:00.250", shanghai),
              time_point_cast<storage::Timestamp::duration>(sys_days{2024y / 3 / 18} + 7h + 15min));
    EXPECT_FALSE(storage::mailboxTimeToInstant("0000-00-00 00:00:00", shanghai));
    EXPECT_THROW(storage::mailboxTimeToInstant("18MAR24 1515", shanghai), std::invalid_argument);
    EXPECT_THROW(storage::mailboxTimeToInstant("2024-02-30 10:00:00", shanghai), std::invalid_argument);
}

TEST(MailboxTables, OnlyPlainIdentifiersAreAccepted) {
    EXPECT_TRUE(storage::isSafeTableName("CMINMSGS"));
    EXPECT_TRUE(storage::isSafeTableName("aodbinterface.CMINMSGS"));
    EXPECT_FALSE(storage::isSafeTableName("CMINMSGS; DROP TABLE X"));
    EXPECT_FALSE(storage::isSafeTableName("1ABC"));
    EXPECT_FALSE(storage::isSafeTableName("a.b.c"));
    EXPECT_FALSE(storage::isSafeTableName(""));
}

} // namespace
} // namespace msgx::test
