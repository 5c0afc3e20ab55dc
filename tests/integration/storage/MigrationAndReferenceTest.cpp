// Migrations (idempotent, checksummed) and the smaller tables: REF_MASTER, INBOX_CURSOR, OPS_AUDIT.
#include "StoreSuite.h"
#include "TempDir.h"
#include "msgx/storage/Migrations.h"

#include <gmock/gmock.h>

#include <fstream>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::ReferenceChange;

// A copy of the shipped migrations that a test may change.
std::filesystem::path copyOfMigrations(const TempDir& dir) {
    const auto copy = dir.path() / "migrations";
    std::filesystem::copy(StoreSuite::migrationsRoot(), copy, std::filesystem::copy_options::recursive);
    return copy;
}

std::string dialectFolder(const storage::OwnStore& store) {
    return std::string(storage::name(store.settings().dialect));
}

TEST_P(StoreSuite, MigrationsAppliedTwiceChangeNothingTheSecondTime) {
    const auto again = store().migrate(migrationsRoot());
    EXPECT_TRUE(again.applied.empty());
    EXPECT_EQ(again.versionBefore, 13);
    EXPECT_EQ(again.versionAfter, 13);
    EXPECT_EQ(rowCount("SCHEMA_VERSION"), 13);
    // A second instance migrating the same database finds nothing to do either.
    EXPECT_TRUE(openSecondStore()->migrate(migrationsRoot()).applied.empty());
}

TEST_P(StoreSuite, AnEditedAppliedMigrationIsRefused) {
    TempDir dir;
    const auto root = copyOfMigrations(dir);
    const auto edited = root / dialectFolder(store()) / "V3__flight_state.sql";
    {
        std::ofstream out(edited, std::ios::app);
        out << "-- an innocent-looking comment still changes the checksum\n";
    }
    try {
        store().migrate(root);
        FAIL() << "an edited applied migration must be refused";
    } catch (const storage::MigrationError& e) {
        EXPECT_THAT(e.what(), testing::HasSubstr("V3__flight_state"));
        EXPECT_THAT(e.what(), testing::HasSubstr("must never be edited"));
    }
    EXPECT_EQ(rowCount("SCHEMA_VERSION"), 13);
}

TEST_P(StoreSuite, ADatabaseMigratedByANewerBuildIsRefused) {
    TempDir dir;
    const auto root = copyOfMigrations(dir);
    std::filesystem::remove(root / dialectFolder(store()) / "V13__flight_history.sql");
    EXPECT_THROW(store().migrate(root), storage::MigrationError);
}

TEST_P(StoreSuite, ANewMigrationIsAppliedOnTopOfTheExistingOnes) {
    TempDir dir;
    const auto root = copyOfMigrations(dir);
    {
        std::ofstream out(root / dialectFolder(store()) / "V14__probe.sql");
        out << "-- test only\nCREATE TABLE MIGRATION_PROBE (ID INTEGER NOT NULL);\n"
               "CREATE INDEX IX_MIGRATION_PROBE ON MIGRATION_PROBE (ID);\n";
    }
    const auto report = store().migrate(root);
    EXPECT_THAT(report.applied, testing::ElementsAre("V14__probe"));
    EXPECT_EQ(report.versionAfter, 14);
    EXPECT_EQ(rowCount("MIGRATION_PROBE"), 0);
}

TEST_P(StoreSuite, ReferenceRecordsAreUpsertedByTypeAndKeyAndAClassCanBeReplaced) {
    auto& refs = store().references();
    refs.apply({{ReferenceChange::Kind::Upsert, "ABDG", "207", R"({"bridges":["A1"]})", "message", "b1"},
                {ReferenceChange::Kind::Upsert, "ABDG", "208", R"({"bridges":["A2"]})", "message", "b1"},
                {ReferenceChange::Kind::Upsert, "SLST", "207", R"({"remote":false})", "message", "b1"}});
    clock_.advance(1s);
    refs.apply(
        {{ReferenceChange::Kind::Upsert, "ABDG", "207", R"({"bridges":["A1","A3"]})", "admin-api", "b2"},
         {ReferenceChange::Kind::Upsert, "ABDG", "209", R"({"bridges":[]})", "admin-api", "b2"},
         {ReferenceChange::Kind::KeepOnlyBatch, "ABDG", "", "", "", "b2"}});
    const auto abdg = refs.listClass("ABDG");
    ASSERT_EQ(abdg.size(), 2u);
    EXPECT_EQ(abdg[0], (storage::ReferenceRecord{"ABDG", "207", R"({"bridges":["A1","A3"]})", "admin-api",
                                                 clock_.now(), std::string("b2")}));
    EXPECT_EQ(abdg[1].rkey, "209");
    EXPECT_TRUE(refs.find("SLST", "207")); // another class is untouched
    refs.apply({{ReferenceChange::Kind::Delete, "SLST", "207", "", "", std::nullopt}});
    EXPECT_FALSE(refs.find("SLST", "207"));
    EXPECT_THROW(refs.apply({{ReferenceChange::Kind::KeepOnlyBatch, "ABDG", "", "", "", std::nullopt}}),
                 std::invalid_argument);
}

TEST_P(StoreSuite, ReferenceClassNamesAreTheSortedClassesThatHaveRecords) {
    auto& refs = store().references();
    EXPECT_TRUE(refs.classNames().empty());
    refs.apply({{ReferenceChange::Kind::Upsert, "SLST", "207", "{}", "message", std::nullopt},
                {ReferenceChange::Kind::Upsert, "ABDG", "207", "{}", "message", std::nullopt},
                {ReferenceChange::Kind::Upsert, "ABDG", "208", "{}", "message", std::nullopt},
                {ReferenceChange::Kind::Upsert, "GATE", "B12", "{}", "message", std::nullopt}});
    EXPECT_EQ(refs.classNames(), (std::vector<std::string>{"ABDG", "GATE", "SLST"}));
    refs.apply({{ReferenceChange::Kind::Delete, "GATE", "B12", "", "", std::nullopt}});
    EXPECT_EQ(refs.classNames(), (std::vector<std::string>{"ABDG", "SLST"}));
}

TEST_P(StoreSuite, CursorAndAuditRoundTrip) {
    store().cursors().save({"inbox", 41, 7});
    store().cursors().save({"inbox", 42, 8});
    EXPECT_EQ(store().cursors().load("inbox"), (storage::InboxCursor{"inbox", 42, 8}));

    store().audit().record("msgxctl", "migrate", std::nullopt);
    clock_.advance(1s);
    store().audit().record("http:10.0.0.5", "replay", std::string("ids 1..3"));
    const auto entries = store().audit().recent(10);
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[0].action, "replay");
    EXPECT_EQ(entries[0].detail, "ids 1..3");
    EXPECT_EQ(entries[0].occurredAt, clock_.now());
    EXPECT_EQ(entries[1].actor, "msgxctl");
    EXPECT_FALSE(entries[1].detail);
    EXPECT_EQ(store().audit().recent(1).size(), 1u);
}

} // namespace
} // namespace msgx::test
