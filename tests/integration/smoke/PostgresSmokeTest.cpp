// The shared PostgreSQL test instance (MSGX_TEST_PG) is reachable through Poco Data and stores
// UTF-8 text; the session runs in UTC.
#include "RequireEnv.h"
#include "SampleText.h"
#include "UniqueName.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>

#include <gtest/gtest.h>

using namespace Poco::Data::Keywords;
using msgx::test::requireEnv;
using msgx::test::uniqueName;

TEST(PostgresSmoke, StoresAndReadsBackUtf8TextWithBoundParameters) {
    msgx::storage::registerPocoConnectors();
    Poco::Data::Session session("PostgreSQL", requireEnv("MSGX_TEST_PG"));
    const std::string table = uniqueName("smoke_pg");
    session << "CREATE TABLE " + table + " (id BIGSERIAL PRIMARY KEY, label TEXT NOT NULL)", now;

    // PostgreSQL placeholders are $1..$n; "?" is a syntax error (platform-notes §3).
    std::string label(msgx::test::kAirportText);
    Poco::Int64 id = 0;
    session << "INSERT INTO " + table + " (label) VALUES ($1) RETURNING id", use(label), into(id), now;
    std::string readBack;
    session << "SELECT label FROM " + table + " WHERE id = $1", use(id), into(readBack), now;
    EXPECT_EQ(readBack, label);

    session << "DROP TABLE " + table, now;
}

TEST(PostgresSmoke, SessionTimeZoneIsUtc) {
    msgx::storage::registerPocoConnectors();
    Poco::Data::Session session("PostgreSQL", requireEnv("MSGX_TEST_PG"));
    std::string timeZone;
    session << "SELECT current_setting('TimeZone')", into(timeZone), now;
    EXPECT_EQ(timeZone, "UTC");
}
