#pragma once

#include "msgx/storage/Backends.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

// SQL dialects: the one place that knows how the own store's databases differ (architecture.md §3).
//
// Conventions every statement of the storage layer follows, so that one text works on every
// dialect once the parts below are filled in:
// - Identifiers are upper case and never quoted: PostgreSQL folds them to lower case, Oracle to upper
//   case, MySQL on Linux compares table names case-sensitively (so DDL and DML spell them the same),
//   SQLite ignores case. Oracle 11g allows at most 30 characters.
// - Values are always bound parameters, written `?`; render() turns them into `$1..$n` for Poco's
//   PostgreSQL connector, which accepts nothing else (platform-notes §3). Fixed state names such as
//   'PENDING' are literals.
// - Instants are BIGINT microseconds since the epoch in UTC (Timestamp.h), booleans are 0/1 in a
//   small integer column, JSON documents are text (TEXT / MEDIUMTEXT / CLOB).
namespace msgx::storage {

enum class PlaceholderStyle {
    QuestionMark, // ODBC, MySQL, SQLite
    DollarNumber, // Poco's PostgreSQL connector
};

enum class RowLock {
    None,
    Wait,       // FOR UPDATE: waits for rows another transaction holds (keeps strict order)
    SkipLocked, // FOR UPDATE SKIP LOCKED: takes the rows nobody holds (order does not matter)
};

// "The first n rows of a query in a given order, optionally locked"; n is bound after every
// parameter of `where`. SQLite has no row locks: its transactions take the database's write lock
// at BEGIN IMMEDIATE, which gives the same exclusion.
struct FirstRowsQuery {
    std::string columns; // plain column names of `table`, comma separated (Oracle re-selects them)
    std::string table;
    std::string where;   // condition without WHERE; may be empty
    std::string orderBy; // without ORDER BY; empty: any rows that match (the cheapest to find)
    std::string key;     // the table's key column, required when lock != None (Oracle locks through it)
    RowLock lock = RowLock::None;
};

using ColumnNames = std::vector<std::string>;

class Dialect {
public:
    explicit Dialect(PlaceholderStyle placeholders) : placeholders_(placeholders) {}
    virtual ~Dialect() = default;
    Dialect(const Dialect&) = delete;
    Dialect& operator=(const Dialect&) = delete;

    [[nodiscard]] virtual SqlDialect kind() const = 0;
    [[nodiscard]] std::string_view name() const { return storage::name(kind()); }
    [[nodiscard]] PlaceholderStyle placeholders() const { return placeholders_; }

    // The statement as this connection sends it (placeholders rendered).
    [[nodiscard]] std::string render(std::string_view sql) const;

    [[nodiscard]] virtual std::string firstRows(const FirstRowsQuery& query) const = 0;

    // Appended to a SELECT of rows by key to lock them until the transaction ends: " FOR UPDATE",
    // or nothing on SQLite (its transactions hold the database's write lock from BEGIN IMMEDIATE).
    [[nodiscard]] virtual std::string forUpdate() const { return " FOR UPDATE"; }
    // Appended to a SELECT of rows by key to lock them shared until the transaction ends: other
    // shared locks go on, forUpdate() waits. Oracle has no shared row lock: it locks exclusively
    // there (the writer's transactions then queue on the lease row, docs/storage.md).
    [[nodiscard]] virtual std::string forShare() const { return " FOR SHARE"; }

    // Insert or replace by key: parameters are the key columns, then the value columns, in order;
    // when upsertRepeatsValues(), the value columns a second time after that.
    [[nodiscard]] virtual std::string upsert(std::string_view table, const ColumnNames& keys,
                                             const ColumnNames& values) const = 0;
    // `rows` rows in one statement, their parameters one row after the other (each as upsert()'s);
    // where a key exists, its row takes the values except those in `keptColumns`, which keep what the
    // row has (its creation time, say). Only where hasMultiRowValues().
    [[nodiscard]] virtual std::string upsertRows(std::string_view table, const ColumnNames& keys,
                                                 const ColumnNames& values, int rows,
                                                 const ColumnNames& keptColumns) const;
    // Adds the bound amount to `countColumn` of the row with the keys, or inserts that row with the
    // amount: one statement whatever the row's state, no affected-row count needed (Poco's ODBC
    // connector reports 1 for an UPDATE that matched nothing). Parameters: the keys, then the amount
    // (twice where upsertRepeatsValues()).
    [[nodiscard]] virtual std::string addToCount(std::string_view table, const ColumnNames& keys,
                                                 const std::string& countColumn) const = 0;
    // Oracle's MERGE binds the values in its UPDATE and its INSERT branch, not in the USING select
    // list, where a CLOB parameter is not safe; so they are bound twice.
    [[nodiscard]] virtual bool upsertRepeatsValues() const { return false; }
    // Insert unless a row with the key exists (then nothing changes); parameters as upsert().
    [[nodiscard]] std::string insertIfAbsent(std::string_view table, const ColumnNames& keys,
                                             const ColumnNames& values) const {
        return insertIfAbsentRows(table, keys, values, 1);
    }
    // The same for `rows` rows in one statement (their parameters one row after the other); rows > 1
    // only where hasMultiRowValues().
    [[nodiscard]] virtual std::string insertIfAbsentRows(std::string_view table, const ColumnNames& keys,
                                                         const ColumnNames& values, int rows) const = 0;
    // INSERT ... VALUES (...), (...): not on Oracle 11g.
    [[nodiscard]] bool hasMultiRowValues() const { return kind() != SqlDialect::Oracle; }

    // INSERT of a row whose key `idColumn` the database generates: an identity / auto-increment column,
    // or on Oracle the sequence `sequence`. Parameters are `columns`, in order.
    [[nodiscard]] virtual std::string insertGeneratingId(std::string_view table, std::string_view idColumn,
                                                         std::string_view sequence,
                                                         const ColumnNames& columns) const = 0;
    // The key generated by the last insertGeneratingId() of this session (same transaction).
    [[nodiscard]] virtual std::string generatedIdQuery(std::string_view sequence) const = 0;

    // A BIGINT parameter where its type cannot be inferred from a column, e.g. in a select list:
    // PostgreSQL would otherwise take it for text.
    [[nodiscard]] virtual std::string bigintParameter() const = 0;

    // SELECT COUNT(*) of tables named by the one parameter (upper case) in the session's schema.
    [[nodiscard]] virtual std::string tableExistsQuery() const = 0;

    // The server's estimate of the rows of the table named by the one parameter (upper case) in the
    // session's schema, from its catalog statistics: one BIGINT row, none or a negative value while
    // it has none (a table never analysed). Empty on SQLite, which keeps no such estimate (its history
    // tables have kept counts, HST_ROW_COUNT). Never a count of the rows.
    [[nodiscard]] virtual std::string tableRowsEstimateQuery() const = 0;

    // True when DDL takes part in transactions (PostgreSQL, SQLite): a migration is then all or
    // nothing. MySQL and Oracle commit each DDL statement on their own.
    [[nodiscard]] virtual bool transactionalDdl() const = 0;

    // The select-list part that reads long text column `column` into a LongText (sql/LongText.h): two
    // result columns, the value (on MySQL its first kLongTextHeadChars characters) and 1 where that
    // is not all of it. Parameter-free, so it may stand in any SELECT list.
    [[nodiscard]] virtual std::string longTextRead(std::string_view column) const;

    // The mailbox's DATETIME columns are local wall-clock time without a zone (mailbox.md §1).
    // They are exchanged as text 'YYYY-MM-DD HH:MM:SS' so that no connector applies a zone of its own.
    [[nodiscard]] virtual std::string datetimeAsText(std::string_view column) const = 0;
    // The DATETIME value of one text parameter in the format above.
    [[nodiscard]] virtual std::string datetimeFromText() const = 0;

private:
    PlaceholderStyle placeholders_;
};

std::unique_ptr<Dialect> makeDialect(SqlDialect dialect, PlaceholderStyle placeholders);

// The placeholder syntax of a backend: $n for Poco's PostgreSQL connector, ? for the others
// (including PostgreSQL through ODBC).
PlaceholderStyle placeholderStyleOf(DatabaseBackend backend);

// "A, B, C" and "?, ?, ?" for a column list.
std::string joinColumns(const ColumnNames& columns, std::string_view prefix = "");
std::string placeholdersFor(const ColumnNames& columns);

// `columns` ("A, B, C", upper case as every statement writes them) with each of `longColumns`
// replaced by dialect.longTextRead() of it: the SELECT list of a row struct whose long text columns
// are LongText members.
std::string selectList(const Dialect& dialect, std::string_view columns, const ColumnNames& longColumns);

// keys followed by values: the column list of an insert that carries both.
ColumnNames keysThenValues(const ColumnNames& keys, const ColumnNames& values);

// "A = <new A>, B = <new B>" for the `values` an upsert writes over an existing row, without the
// `kept` ones; a column's new value is `before` + its name + `after` ("EXCLUDED.A", "VALUES(A)").
std::string upsertAssignments(const ColumnNames& values, const ColumnNames& kept, std::string_view before,
                              std::string_view after);

// "INSERT INTO table (A, B) VALUES (?, ?)" (`rows` times the "(?, ?)"): the start every dialect's
// inserts share.
std::string insertInto(std::string_view table, const ColumnNames& columns, int rows = 1);

// "SELECT … FROM … [WHERE …] ORDER BY … LIMIT ?" followed by `lockClause`: the first-rows query of
// the dialects that have LIMIT (all but Oracle 11g).
std::string limitQuery(const FirstRowsQuery& query, std::string_view lockClause);

// "", " FOR UPDATE" or " FOR UPDATE SKIP LOCKED" for a row lock (PostgreSQL, MySQL/MariaDB).
std::string_view forUpdateClause(RowLock lock);

} // namespace msgx::storage
