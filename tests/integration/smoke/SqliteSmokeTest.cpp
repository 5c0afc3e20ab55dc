// SQLite through Poco Data, in WAL mode, in a file under a private temp directory.
#include "SampleText.h"
#include "TempDir.h"
#include "UniqueName.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>

#include <gtest/gtest.h>

using namespace Poco::Data::Keywords;
using msgx::test::uniqueName;

TEST(SqliteSmoke, StoresAndReadsBackUtf8TextInWalMode) {
    msgx::storage::registerPocoConnectors();
    msgx::test::TempDir dir;
    const std::string database = (dir.path() / "smoke.db").string();
    Poco::Data::Session writer("SQLite", database);
    std::string journalMode;
    writer << "PRAGMA journal_mode=WAL", into(journalMode), now;
    ASSERT_EQ(journalMode, "wal");

    const std::string table = uniqueName("smoke_sqlite");
    writer << "CREATE TABLE " + table + " (id INTEGER PRIMARY KEY, label TEXT NOT NULL)", now;
    Poco::Int64 id = 1;
    std::string label = msgx::test::mixedUtf8Text();
    writer << "INSERT INTO " + table + " (id, label) VALUES (?, ?)", use(id), use(label), now;

    Poco::Data::Session reader("SQLite", database);
    std::string readBack;
    reader << "SELECT label FROM " + table + " WHERE id = ?", use(id), into(readBack), now;
    EXPECT_EQ(readBack, label);
}
