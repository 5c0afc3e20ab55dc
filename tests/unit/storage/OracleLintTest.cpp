// The Oracle 11g lint: it finds each thing it exists to find, and the Oracle SQL of this project
// (every repository statement, every migration) passes it.
#include "OracleLint.h"

#include "migrate/MigrationFiles.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace msgx::test {
namespace {

using testing::ElementsAre;
using testing::HasSubstr;
using testing::IsEmpty;

TEST(OracleLint, RejectsWhatOracle11gDoesNotHave) {
    EXPECT_THAT(lintOracleSql("SELECT A FROM T ORDER BY A LIMIT ?", "q"), ElementsAre(HasSubstr("LIMIT")));
    EXPECT_THAT(lintOracleSql("SELECT A FROM T ORDER BY A FETCH FIRST 5 ROWS ONLY", "q"),
                ElementsAre(HasSubstr("FETCH FIRST")));
    EXPECT_THAT(lintOracleSql("CREATE TABLE T (ID NUMBER(19) GENERATED ALWAYS AS IDENTITY)", "q"),
                ElementsAre(HasSubstr("identity")));
    EXPECT_THAT(lintOracleSql("CREATE TABLE T (DONE BOOLEAN)", "q"), ElementsAre(HasSubstr("BOOLEAN")));
    EXPECT_THAT(lintOracleSql("CREATE INDEX IX_A_VERY_LONG_INDEX_NAME_OVER_30 ON T (A)", "q"),
                ElementsAre(HasSubstr("longer than 30")));
    EXPECT_THAT(lintOracleSql("UPDATE T SET NOTE = '' WHERE ID = ?", "q"), ElementsAre(HasSubstr("''")));
    EXPECT_THAT(lintOracleSql("CREATE TABLE T (X TEXT)", "q"), ElementsAre(HasSubstr("CLOB")));
}

TEST(OracleLint, AcceptsWhatIsFine) {
    EXPECT_THAT(lintOracleSql("SELECT A FROM (SELECT A FROM T ORDER BY A) WHERE ROWNUM <= ?", "q"),
                IsEmpty());
    // Words inside literals and comments are not SQL; a 30-character identifier is allowed; 'it''s' is
    // an escaped quote, not an empty string.
    EXPECT_THAT(lintOracleSql(
                    "-- LIMIT BOOLEAN ''\nSELECT 'LIMIT', 'it''s' FROM ABCDEFGHIJKLMNOPQRSTUVWXYZ_123", "q"),
                IsEmpty());
}

TEST(OracleLint, EveryOracleRepositoryStatementPasses) {
    const auto dialect =
        storage::makeDialect(storage::SqlDialect::Oracle, storage::PlaceholderStyle::QuestionMark);
    const auto catalog = storage::storeStatements(*dialect);
    for (const auto& [name, sql] : catalog->all()) {
        EXPECT_THAT(lintOracleSql(sql, name), IsEmpty());
    }
}

TEST(OracleLint, EveryOracleMigrationPasses) {
    const auto folder = std::filesystem::path(MSGX_SOURCE_DIR) / "storage" / "migrations" / "oracle";
    const auto files = storage::loadMigrationFiles(folder);
    ASSERT_FALSE(files.empty());
    for (const auto& file : files) {
        std::ifstream in(file.path);
        std::ostringstream text;
        text << in.rdbuf();
        EXPECT_THAT(lintOracleSql(text.str(), file.path.filename().string()), IsEmpty());
    }
}

} // namespace
} // namespace msgx::test
