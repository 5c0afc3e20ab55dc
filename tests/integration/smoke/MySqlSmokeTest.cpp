// The shared MariaDB test instance (MSGX_TEST_MYSQL, database msgx) is reachable through Poco
// Data, stores 4-byte UTF-8 (utf8mb4), and a committed transaction is visible to another session.
#include "RequireEnv.h"
#include "SampleText.h"
#include "UniqueName.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>

#include <gtest/gtest.h>

using namespace Poco::Data::Keywords;
using msgx::test::requireEnv;
using msgx::test::uniqueName;

TEST(MySqlSmoke, StoresAndReadsBackFourByteUtf8WithBoundParameters) {
    msgx::storage::registerPocoConnectors();
    const std::string connection = requireEnv("MSGX_TEST_MYSQL");
    Poco::Data::Session writer("MySQL", connection);
    const std::string table = uniqueName("smoke_mysql");
    writer << "CREATE TABLE " + table +
                  " (id BIGINT AUTO_INCREMENT PRIMARY KEY, label VARCHAR(200) NOT NULL)"
                  " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
        now;

    std::string label = msgx::test::mixedUtf8Text();
    writer.begin();
    writer << "INSERT INTO " + table + " (label) VALUES (?)", use(label), now;
    Poco::UInt64 id = 0;
    writer << "SELECT LAST_INSERT_ID()", into(id), now;
    writer.commit();
    // Poco 1.11 leaves the connection at autocommit=0 after commit() (platform-notes §4).
    writer.setFeature("autoCommit", true);
    int autocommit = 0;
    writer << "SELECT @@autocommit", into(autocommit), now;
    EXPECT_EQ(autocommit, 1);

    Poco::Data::Session reader("MySQL", connection);
    std::string readBack;
    reader << "SELECT label FROM " + table + " WHERE id = ?", use(id), into(readBack), now;
    EXPECT_EQ(readBack, label);

    writer << "DROP TABLE " + table, now;
}
