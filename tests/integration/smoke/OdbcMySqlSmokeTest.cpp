// MariaDB through ODBC (MariaDB Connector/ODBC, MSGX_TEST_ODBC_MYSQL with the private
// odbcinst.ini under ODBCSYSINI): 4-byte UTF-8 and long text round-trip.
#include "RequireEnv.h"
#include "SampleText.h"
#include "UniqueName.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Any.h>
#include <Poco/Data/LOB.h>
#include <Poco/Data/Session.h>

#include <gtest/gtest.h>

using namespace Poco::Data::Keywords;
using msgx::test::requireEnv;
using msgx::test::uniqueName;

TEST(OdbcMySqlSmoke, StoresAndReadsBackFourByteAndLongUtf8WithBoundParameters) {
    msgx::storage::registerPocoConnectors();
    requireEnv("ODBCSYSINI"); // unixODBC finds the driver only through the private odbcinst.ini
    Poco::Data::Session session("ODBC", requireEnv("MSGX_TEST_ODBC_MYSQL"));
    // Poco's default of 1024 bytes silently truncates longer results (platform-notes §5).
    session.setProperty("maxFieldSize", Poco::Any(std::size_t{16} << 20));
    const std::string table = uniqueName("smoke_odbc_mysql");
    session << "CREATE TABLE " + table +
                   " (name VARCHAR(40) PRIMARY KEY, label MEDIUMTEXT NOT NULL)"
                   " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
        now;

    std::string shortName = "short";
    std::string shortLabel = msgx::test::mixedUtf8Text();
    session << "INSERT INTO " + table + " (name, label) VALUES (?, ?)", use(shortName), use(shortLabel), now;
    // Connector/ODBC reports VARCHAR(255) for a bound std::string; longer values must bind as CLOB.
    std::string longName = "long";
    const std::string longText = msgx::test::longAirportText() + msgx::test::mixedUtf8Text();
    Poco::Data::CLOB longLabel(longText);
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
    EXPECT_EQ(longReadBack.size(), longText.size());
    EXPECT_EQ(longReadBack, longText);

    session << "DROP TABLE " + table, now;
}
