// Reading migration folders: statement splitting, naming and sequence rules, checksums; and the
// four dialect folders describe the same schema.
#include "migrate/MigrationFiles.h"

#include "TempDir.h"
#include "migrate/SqlScript.h"
#include "msgx/storage/Migrations.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace msgx::test {
namespace {

using storage::loadMigrationFiles;
using storage::MigrationError;
using testing::ElementsAre;
using testing::HasSubstr;

void write(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::filesystem::path shipped(const std::string& dialect) {
    return std::filesystem::path(MSGX_SOURCE_DIR) / "storage" / "migrations" / dialect;
}

std::string messageOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const MigrationError& e) {
        return e.what();
    }
    return "no MigrationError";
}

TEST(SqlScript, SplitsOnSemicolonsOutsideQuotesAndDropsComments) {
    EXPECT_THAT(
        storage::splitSqlScript("-- head\nCREATE TABLE A (X INTEGER);\n\n/* note; */ INSERT INTO A VALUES "
                                "('a;b');\n  -- tail only\n"),
        ElementsAre("CREATE TABLE A (X INTEGER)", "INSERT INTO A VALUES ('a;b')"));
    EXPECT_TRUE(storage::splitSqlScript("-- nothing\n\n").empty());
    EXPECT_THROW(storage::splitSqlScript("INSERT INTO A VALUES ('open);"), std::invalid_argument);
}

TEST(MigrationFiles, AreOrderedByVersionWithTheirStatements) {
    TempDir dir;
    write(dir.path() / "V2__second.sql", "CREATE TABLE B (X INTEGER);\nCREATE INDEX IX_B ON B (X);\n");
    write(dir.path() / "V1__first.sql", "CREATE TABLE A (X INTEGER);\n");
    write(dir.path() / "README.md", "not a migration");
    const auto files = loadMigrationFiles(dir.path());
    ASSERT_EQ(files.size(), 2u);
    EXPECT_EQ(files[0].name, "V1__first");
    EXPECT_EQ(files[1].version, 2);
    EXPECT_EQ(files[1].statements.size(), 2u);
    EXPECT_EQ(files[0].checksum.size(), 64u);
}

TEST(MigrationFiles, ChecksumIgnoresLineEndingsButNotContent) {
    EXPECT_EQ(storage::migrationChecksum("A;\r\nB;\r\n"), storage::migrationChecksum("A;\nB;\n"));
    EXPECT_NE(storage::migrationChecksum("A;\n"), storage::migrationChecksum("A; \n"));
}

TEST(MigrationFiles, GapsDuplicatesBadNamesAndEmptyFilesAreRefused) {
    {
        TempDir dir;
        write(dir.path() / "V1__a.sql", "CREATE TABLE A (X INTEGER);");
        write(dir.path() / "V3__c.sql", "CREATE TABLE C (X INTEGER);");
        EXPECT_THAT(messageOf([&] { loadMigrationFiles(dir.path()); }), HasSubstr("V2 is missing"));
    }
    {
        TempDir dir;
        write(dir.path() / "V1__a.sql", "CREATE TABLE A (X INTEGER);");
        write(dir.path() / "V01__b.sql", "CREATE TABLE B (X INTEGER);");
        EXPECT_THAT(messageOf([&] { loadMigrationFiles(dir.path()); }),
                    HasSubstr("not named V<n>__<name>.sql"));
    }
    {
        TempDir dir;
        write(dir.path() / "V1__a.sql", "CREATE TABLE A (X INTEGER);");
        write(dir.path() / "V1__b.sql", "CREATE TABLE B (X INTEGER);");
        EXPECT_THAT(messageOf([&] { loadMigrationFiles(dir.path()); }), HasSubstr("appears twice"));
    }
    {
        TempDir dir;
        write(dir.path() / "V1__a.sql", "-- only a comment\n");
        EXPECT_THAT(messageOf([&] { loadMigrationFiles(dir.path()); }), HasSubstr("has no statement"));
    }
    TempDir empty;
    EXPECT_THAT(messageOf([&] { loadMigrationFiles(empty.path()); }), HasSubstr("has no V<n>__<name>.sql"));
    EXPECT_THAT(messageOf([&] { loadMigrationFiles(empty.path() / "absent"); }), HasSubstr("does not exist"));
}

TEST(MigrationsRoot, AnExplicitFolderWinsAndAMissingOneIsAnError) {
    TempDir dir;
    EXPECT_EQ(storage::findMigrationsRoot(dir.path(), "/nowhere/bin/msgxctl"), dir.path());
    EXPECT_THROW(storage::findMigrationsRoot(dir.path() / "absent", "/nowhere/bin/msgxctl"), MigrationError);
    // Installed layout: <prefix>/bin/msgxctl finds <prefix>/share/msgx/migrations.
    std::filesystem::create_directories(dir.path() / "share" / "msgx" / "migrations");
    EXPECT_EQ(storage::findMigrationsRoot(std::nullopt, dir.path() / "bin" / "msgxctl"),
              dir.path() / "share" / "msgx" / "migrations");
}

// Table name -> column names, from the CREATE TABLE statements of a dialect folder.
std::map<std::string, std::set<std::string>> tablesOf(const std::string& dialect) {
    static const std::regex kCreate(R"(CREATE TABLE (\w+) \(([\s\S]*)\))");
    std::map<std::string, std::set<std::string>> tables;
    for (const auto& file : loadMigrationFiles(shipped(dialect))) {
        for (const auto& statement : file.statements) {
            std::smatch match;
            if (!std::regex_search(statement, match, kCreate)) {
                continue;
            }
            std::istringstream body(match[2].str());
            std::string line;
            auto& columns = tables[match[1].str()];
            while (std::getline(body, line)) {
                std::istringstream words(line);
                std::string first;
                if (words >> first && first != "CONSTRAINT") {
                    columns.insert(first);
                }
            }
        }
    }
    return tables;
}

TEST(ShippedMigrations, EveryDialectHasTheSameVersionsTablesAndColumns) {
    const auto reference = loadMigrationFiles(shipped("postgresql"));
    const auto referenceTables = tablesOf("postgresql");
    EXPECT_EQ(referenceTables.size(),
              18u); // architecture.md §3 so far (V7: REQ_TRACK, REQ_COUNTER; V11: the counts; V12:
                    // HST_ROW_COUNT; V13: FLIGHT_HST, FLIGHT_DETAIL_HST)
    for (const std::string dialect : {"mysql", "sqlite", "oracle"}) {
        const auto files = loadMigrationFiles(shipped(dialect));
        ASSERT_EQ(files.size(), reference.size()) << dialect;
        for (std::size_t i = 0; i < files.size(); ++i) {
            EXPECT_EQ(files[i].name, reference[i].name) << dialect;
        }
        EXPECT_EQ(tablesOf(dialect), referenceTables) << dialect;
    }
}

} // namespace
} // namespace msgx::test
