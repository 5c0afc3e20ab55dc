// PostgreSQL through ODBC (psqlODBC, MSGX_TEST_ODBC_PG with the private odbcinst.ini under
// ODBCSYSINI): UTF-8 text, short and longer than the driver's default limits, round-trips.
#include "RequireEnv.h"
#include "SampleText.h"
#include "UniqueName.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Any.h>
#include <Poco/Data/Session.h>

#include <gtest/gtest.h>

using namespace Poco::Data::Keywords;
using msgx::test::requireEnv;
using msgx::test::uniqueName;

namespace {

Poco::Data::Session openOdbcPostgres() {
    msgx::storage::registerPocoConnectors();
    requireEnv("ODBCSYSINI"); // unixODBC finds the driver only through the private odbcinst.ini
    Poco::Data::Session session("ODBC", requireEnv("MSGX_TEST_ODBC_PG"));
    // Poco's default of 1024 bytes silently truncates longer results (platform-notes §5).
    session.setProperty("maxFieldSize", Poco::Any(std::size_t{16} << 20));
    return session;
}

} // namespace

TEST(OdbcPostgresSmoke, StoresAndReadsBackUtf8TextWithBoundParameters) {
    Poco::Data::Session session = openOdbcPostgres();
    const std::string table = uniqueName("smoke_odbc_pg");
    session << "CREATE TABLE " + table + " (name VARCHAR(40) PRIMARY KEY, label TEXT NOT NULL)", now;

    // MaxVarcharSize in the connection string lets a std::string longer than 255 bytes bind.
    std::string shortName = "short";
    std::string shortLabel(msgx::test::kAirportText);
    std::string longName = "long";
    std::string longLabel = msgx::test::longAirportText();
    session << "INSERT INTO " + table + " (name, label) VALUES (?, ?)", use(shortName), use(shortLabel), now;
    // An explicit transaction: Poco's ODBC session starts in autocommit mode, where begin() throws
    // (platform-notes §5), and stays in manual-commit mode until switched back.
    session.setFeature("autoCommit", false);
    session.begin();
    session << "INSERT INTO " + table + " (name, label) VALUES (?, ?)", use(longName), use(longLabel), now;
    session.commit();
    session.setFeature("autoCommit", true);

    std::string readBack;
    session << "SELECT label FROM " + table + " WHERE name = ?", use(shortName), into(readBack), now;
    EXPECT_EQ(readBack, shortLabel);
    std::string longReadBack;
    session << "SELECT label FROM " + table + " WHERE name = ?", use(longName), into(longReadBack), now;
    EXPECT_EQ(longReadBack.size(), longLabel.size());
    EXPECT_EQ(longReadBack, longLabel);

    session << "DROP TABLE " + table, now;
}

TEST(OdbcPostgresSmoke, LibpqOptionsReachTheServer) {
    Poco::Data::Session session = openOdbcPostgres();
    std::string timeZone;
    session << "SELECT current_setting('TimeZone')", into(timeZone), now;
    EXPECT_EQ(timeZone, "UTC"); // set through pqopt={... options=-cTimeZone=UTC}
}
