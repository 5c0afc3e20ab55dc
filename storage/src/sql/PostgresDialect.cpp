#include "sql/Dialect.h"

namespace msgx::storage {

namespace {

// PostgreSQL 9.5+ (tested with 15): ON CONFLICT, LIMIT, FOR UPDATE SKIP LOCKED, BIGSERIAL/lastval().
class PostgresDialect final : public Dialect {
public:
    using Dialect::Dialect;

    [[nodiscard]] config::SqlDialect kind() const override { return config::SqlDialect::PostgreSql; }

    [[nodiscard]] std::string firstRows(const FirstRowsQuery& q) const override {
        std::string sql = "SELECT " + q.columns + " FROM " + q.table;
        if (!q.where.empty()) {
            sql += " WHERE " + q.where;
        }
        sql += " ORDER BY " + q.orderBy + " LIMIT ?";
        if (q.lock == RowLock::Wait) {
            sql += " FOR UPDATE";
        } else if (q.lock == RowLock::SkipLocked) {
            sql += " FOR UPDATE SKIP LOCKED";
        }
        return sql;
    }

    [[nodiscard]] std::string upsert(std::string_view table, const ColumnNames& keys,
                                     const ColumnNames& values) const override {
        ColumnNames all = keys;
        all.insert(all.end(), values.begin(), values.end());
        std::string sql = "INSERT INTO " + std::string(table) + " (" + joinColumns(all) + ") VALUES (" +
                          placeholdersFor(all) + ") ON CONFLICT (" + joinColumns(keys) + ") DO UPDATE SET ";
        for (std::size_t i = 0; i < values.size(); ++i) {
            sql += (i == 0 ? "" : ", ") + values[i] + " = EXCLUDED." + values[i];
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

    // lastval(): the value most recently taken from any sequence in this session, i.e. by the
    // identity column of the insert just before.
    [[nodiscard]] std::string generatedIdQuery(std::string_view) const override { return "SELECT lastval()"; }

    [[nodiscard]] std::string bigintParameter() const override { return "CAST(? AS BIGINT)"; }

    [[nodiscard]] std::string tableExistsQuery() const override {
        return "SELECT COUNT(*) FROM information_schema.tables"
               " WHERE table_schema = current_schema() AND table_name = LOWER(?)";
    }

    [[nodiscard]] bool transactionalDdl() const override { return true; }

    [[nodiscard]] std::string datetimeAsText(std::string_view column) const override {
        return "to_char(" + std::string(column) + ", 'YYYY-MM-DD HH24:MI:SS')";
    }
    [[nodiscard]] std::string datetimeFromText() const override { return "CAST(? AS TIMESTAMP)"; }
};

} // namespace

std::unique_ptr<Dialect> makePostgresDialect(PlaceholderStyle placeholders) {
    return std::make_unique<PostgresDialect>(placeholders);
}

} // namespace msgx::storage
