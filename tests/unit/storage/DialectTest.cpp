// What differs between the dialects, and the placeholder rewriting for Poco's PostgreSQL connector.
#include "sql/Dialect.h"

#include "sql/Placeholders.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace msgx::test {
namespace {

using storage::FirstRowsQuery;
using storage::makeDialect;
using storage::PlaceholderStyle;
using storage::RowLock;
using storage::SqlDialect;

std::unique_ptr<storage::Dialect> dialect(SqlDialect d) {
    return makeDialect(d, PlaceholderStyle::QuestionMark);
}

TEST(Placeholders, AreNumberedInOrderOutsideQuotesAndComments) {
    EXPECT_EQ(storage::numberPlaceholders("SELECT A FROM T WHERE B = ? AND C IN (?, ?)"),
              "SELECT A FROM T WHERE B = $1 AND C IN ($2, $3)");
    EXPECT_EQ(storage::numberPlaceholders("SELECT '?', \"a?\" FROM T -- ?\nWHERE B = ? /* ? */"),
              "SELECT '?', \"a?\" FROM T -- ?\nWHERE B = $1 /* ? */");
    EXPECT_EQ(storage::numberPlaceholders("SELECT 'it''s ?' FROM T WHERE X = ?"),
              "SELECT 'it''s ?' FROM T WHERE X = $1");
    EXPECT_EQ(storage::countPlaceholders("INSERT INTO T VALUES (?, '?', ?)"), 2u);
    EXPECT_THROW(storage::numberPlaceholders("SELECT 'open"), std::invalid_argument);
}

TEST(Placeholders, DependOnTheConnectorNotTheDialect) {
    EXPECT_EQ(storage::placeholderStyleOf(storage::DatabaseBackend::PostgreSql),
              PlaceholderStyle::DollarNumber);
    // PostgreSQL through ODBC takes ? like every other ODBC driver.
    EXPECT_EQ(storage::placeholderStyleOf(storage::DatabaseBackend::Odbc), PlaceholderStyle::QuestionMark);
    const auto pg = makeDialect(SqlDialect::PostgreSql, PlaceholderStyle::DollarNumber);
    EXPECT_EQ(pg->render("UPDATE T SET A = ? WHERE B = ?"), "UPDATE T SET A = $1 WHERE B = $2");
    EXPECT_EQ(dialect(SqlDialect::PostgreSql)->render("UPDATE T SET A = ?"), "UPDATE T SET A = ?");
}

TEST(Dialects, FirstRowsUseLimitOrRownumAndLockAsAsked) {
    const FirstRowsQuery query{"ID, V", "T", "S = ?", "ID", "ID", RowLock::SkipLocked};
    EXPECT_EQ(dialect(SqlDialect::PostgreSql)->firstRows(query),
              "SELECT ID, V FROM T WHERE S = ? ORDER BY ID LIMIT ? FOR UPDATE SKIP LOCKED");
    EXPECT_EQ(dialect(SqlDialect::MySql)->firstRows(query),
              "SELECT ID, V FROM T WHERE S = ? ORDER BY ID LIMIT ? FOR UPDATE SKIP LOCKED");
    EXPECT_EQ(dialect(SqlDialect::Sqlite)->firstRows(query),
              "SELECT ID, V FROM T WHERE S = ? ORDER BY ID LIMIT ?");
    EXPECT_EQ(dialect(SqlDialect::Oracle)->firstRows(query),
              "SELECT ID, V FROM T WHERE ID IN (SELECT ID FROM (SELECT ID FROM T WHERE S = ? ORDER BY ID)"
              " WHERE ROWNUM <= ?) ORDER BY ID FOR UPDATE SKIP LOCKED");
    FirstRowsQuery plain = query;
    plain.lock = RowLock::None;
    EXPECT_EQ(dialect(SqlDialect::Oracle)->firstRows(plain),
              "SELECT ID, V FROM (SELECT ID, V FROM T WHERE S = ? ORDER BY ID) WHERE ROWNUM <= ?");
    plain.lock = RowLock::Wait;
    EXPECT_THAT(dialect(SqlDialect::PostgreSql)->firstRows(plain), testing::EndsWith("LIMIT ? FOR UPDATE"));
}

TEST(Dialects, InsertIfAbsentNeverUsesMySqlsIgnoreWhichHidesTruncation) {
    EXPECT_EQ(dialect(SqlDialect::MySql)->insertIfAbsent("T", {"K"}, {"V"}),
              "INSERT INTO T (K, V) VALUES (?, ?) ON DUPLICATE KEY UPDATE K = K");
    EXPECT_EQ(dialect(SqlDialect::PostgreSql)->insertIfAbsent("T", {"K"}, {"V"}),
              "INSERT INTO T (K, V) VALUES (?, ?) ON CONFLICT (K) DO NOTHING");
    EXPECT_EQ(dialect(SqlDialect::Oracle)->insertIfAbsent("T", {"K"}, {"V"}),
              "INSERT /*+ IGNORE_ROW_ON_DUPKEY_INDEX(T (K)) */ INTO T (K, V) VALUES (?, ?)");
}

TEST(Dialects, UpsertBindsKeysThenValuesAndOracleBindsTheValuesTwice) {
    EXPECT_EQ(dialect(SqlDialect::Sqlite)->upsert("T", {"K"}, {"A", "B"}),
              "INSERT INTO T (K, A, B) VALUES (?, ?, ?) ON CONFLICT (K) DO UPDATE SET A = excluded.A, B = "
              "excluded.B");
    EXPECT_EQ(dialect(SqlDialect::MySql)->upsert("T", {"K"}, {"A"}),
              "INSERT INTO T (K, A) VALUES (?, ?) ON DUPLICATE KEY UPDATE A = VALUES(A)");
    const auto oracle = dialect(SqlDialect::Oracle);
    EXPECT_TRUE(oracle->upsertRepeatsValues());
    EXPECT_FALSE(dialect(SqlDialect::PostgreSql)->upsertRepeatsValues());
    const std::string merge = oracle->upsert("T", {"K"}, {"A", "B"});
    EXPECT_EQ(merge,
              "MERGE INTO T T USING (SELECT ? AS K FROM DUAL) S ON (T.K = S.K) WHEN MATCHED THEN UPDATE SET"
              " T.A = ?, T.B = ? WHEN NOT MATCHED THEN INSERT (K, A, B) VALUES (S.K, ?, ?)");
    EXPECT_EQ(storage::countPlaceholders(merge), 5u);
}

TEST(Dialects, GeneratedKeysComeFromIdentityColumnsOrOracleSequences) {
    EXPECT_EQ(dialect(SqlDialect::Oracle)->insertGeneratingId("E", "ID", "E_SEQ", {"A"}),
              "INSERT INTO E (ID, A) VALUES (E_SEQ.NEXTVAL, ?)");
    EXPECT_EQ(dialect(SqlDialect::Oracle)->generatedIdQuery("E_SEQ"), "SELECT E_SEQ.CURRVAL FROM DUAL");
    EXPECT_EQ(dialect(SqlDialect::PostgreSql)->insertGeneratingId("E", "ID", "E_SEQ", {"A"}),
              "INSERT INTO E (A) VALUES (?)");
    EXPECT_EQ(dialect(SqlDialect::PostgreSql)->generatedIdQuery("E_SEQ"), "SELECT lastval()");
    EXPECT_EQ(dialect(SqlDialect::MySql)->generatedIdQuery(""), "SELECT LAST_INSERT_ID()");
    EXPECT_EQ(dialect(SqlDialect::Sqlite)->generatedIdQuery(""), "SELECT last_insert_rowid()");
}

TEST(Dialects, OnlyPostgresAndSqliteRunDdlInsideTransactions) {
    EXPECT_TRUE(dialect(SqlDialect::PostgreSql)->transactionalDdl());
    EXPECT_TRUE(dialect(SqlDialect::Sqlite)->transactionalDdl());
    EXPECT_FALSE(dialect(SqlDialect::MySql)->transactionalDdl());
    EXPECT_FALSE(dialect(SqlDialect::Oracle)->transactionalDdl());
    EXPECT_EQ(dialect(SqlDialect::Sqlite)->forUpdate(), "");
    EXPECT_EQ(dialect(SqlDialect::Oracle)->forUpdate(), " FOR UPDATE");
}

} // namespace
} // namespace msgx::test
