#include "sql/Dialect.h"

namespace msgx::storage {

namespace {

// SQLite 3.24+ (Debian 12: 3.40): ON CONFLICT upserts, LIMIT, INTEGER PRIMARY KEY rowids. No row
// locks: a write transaction starts with BEGIN IMMEDIATE and holds the database's write lock.
class SqliteDialect final : public Dialect {
public:
    using Dialect::Dialect;

    [[nodiscard]] config::SqlDialect kind() const override { return config::SqlDialect::Sqlite; }

    [[nodiscard]] std::string firstRows(const FirstRowsQuery& q) const override {
        std::string sql = "SELECT " + q.columns + " FROM " + q.table;
        if (!q.where.empty()) {
            sql += " WHERE " + q.where;
        }
        return sql + " ORDER BY " + q.orderBy + " LIMIT ?";
    }

    [[nodiscard]] std::string forUpdate() const override { return ""; }

    [[nodiscard]] std::string upsert(std::string_view table, const ColumnNames& keys,
                                     const ColumnNames& values) const override {
        ColumnNames all = keys;
        all.insert(all.end(), values.begin(), values.end());
        std::string sql = "INSERT INTO " + std::string(table) + " (" + joinColumns(all) + ") VALUES (" +
                          placeholdersFor(all) + ") ON CONFLICT (" + joinColumns(keys) + ") DO UPDATE SET ";
        for (std::size_t i = 0; i < values.size(); ++i) {
            sql += (i == 0 ? "" : ", ") + values[i] + " = excluded." + values[i];
        }
        return sql;
    }

    [[nodiscard]] std::string insertIfAbsent(std::string_view table, const ColumnNames& keys,
                                             const ColumnNames& values) const override {
        ColumnNames all = keys;
        all.insert(all.end(), values.begin(), values.end());
        return "INSERT INTO " + std::string(table) + " (" + joinColumns(all) + ") VALUES (" +
               placeholdersFor(all) + ") ON CONFLICT (" + joinColumns(keys) + ") DO NOTHING";
    }

    [[nodiscard]] std::string insertGeneratingId(std::string_view table, std::string_view, std::string_view,
                                                 const ColumnNames& columns) const override {
        return "INSERT INTO " + std::string(table) + " (" + joinColumns(columns) + ") VALUES (" +
               placeholdersFor(columns) + ")";
    }

    [[nodiscard]] std::string generatedIdQuery(std::string_view) const override {
        return "SELECT last_insert_rowid()";
    }

    [[nodiscard]] std::string bigintParameter() const override { return "CAST(? AS INTEGER)"; }

    [[nodiscard]] std::string tableExistsQuery() const override {
        return "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND UPPER(name) = UPPER(?)";
    }

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
