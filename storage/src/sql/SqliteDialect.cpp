#include "sql/Dialect.h"

namespace msgx::storage {

namespace {

// SQLite 3.24+ (Debian 12: 3.40): ON CONFLICT upserts, LIMIT, INTEGER PRIMARY KEY rowids. No row
// locks: a write transaction starts with BEGIN IMMEDIATE and holds the database's write lock.
class SqliteDialect final : public Dialect {
public:
    using Dialect::Dialect;

    [[nodiscard]] SqlDialect kind() const override { return SqlDialect::Sqlite; }
    [[nodiscard]] std::string forShare() const override { return ""; }

    [[nodiscard]] std::string firstRows(const FirstRowsQuery& q) const override { return limitQuery(q, ""); }

    [[nodiscard]] std::string forUpdate() const override { return ""; }

    [[nodiscard]] std::string upsert(std::string_view table, const ColumnNames& keys,
                                     const ColumnNames& values) const override {
        return upsertRows(table, keys, values, 1, {});
    }

    [[nodiscard]] std::string upsertRows(std::string_view table, const ColumnNames& keys,
                                         const ColumnNames& values, int rows,
                                         const ColumnNames& keptColumns) const override {
        return insertInto(table, keysThenValues(keys, values), rows) + " ON CONFLICT (" + joinColumns(keys) +
               ") DO UPDATE SET " + upsertAssignments(values, keptColumns, "excluded.", "");
    }

    [[nodiscard]] std::string addToCount(std::string_view table, const ColumnNames& keys,
                                         const std::string& countColumn) const override {
        return insertInto(table, keysThenValues(keys, {countColumn})) + " ON CONFLICT (" + joinColumns(keys) +
               ") DO UPDATE SET " + countColumn + " = " + countColumn + " + excluded." + countColumn;
    }

    [[nodiscard]] std::string insertIfAbsentRows(std::string_view table, const ColumnNames& keys,
                                                 const ColumnNames& values, int rows) const override {
        const ColumnNames all = keysThenValues(keys, values);
        return insertInto(table, all, rows) + " ON CONFLICT (" + joinColumns(keys) + ") DO NOTHING";
    }

    [[nodiscard]] std::string insertGeneratingId(std::string_view table, std::string_view, std::string_view,
                                                 const ColumnNames& columns) const override {
        return insertInto(table, columns);
    }

    [[nodiscard]] std::string generatedIdQuery(std::string_view) const override {
        return "SELECT last_insert_rowid()";
    }

    [[nodiscard]] std::string bigintParameter() const override { return "CAST(? AS INTEGER)"; }

    [[nodiscard]] std::string tableExistsQuery() const override {
        return "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND UPPER(name) = UPPER(?)";
    }

    [[nodiscard]] std::string tableRowsEstimateQuery() const override { return {}; }

    [[nodiscard]] bool transactionalDdl() const override { return true; }

    // SQLite has no DATETIME type: the embedded mailbox stores the text itself.
    [[nodiscard]] std::string datetimeAsText(std::string_view column) const override {
        return std::string(column);
    }
    [[nodiscard]] std::string datetimeFromText() const override { return "?"; }
};

} // namespace

std::unique_ptr<Dialect> makeSqliteDialect(PlaceholderStyle placeholders) {
    return std::make_unique<SqliteDialect>(placeholders);
}

} // namespace msgx::storage
