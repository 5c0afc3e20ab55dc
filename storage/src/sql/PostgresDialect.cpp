#include "sql/Dialect.h"

namespace msgx::storage {

namespace {

// PostgreSQL 9.5+ (tested with 15): ON CONFLICT, LIMIT, FOR UPDATE SKIP LOCKED, BIGSERIAL/lastval().
class PostgresDialect final : public Dialect {
public:
    using Dialect::Dialect;

    [[nodiscard]] SqlDialect kind() const override { return SqlDialect::PostgreSql; }

    [[nodiscard]] std::string firstRows(const FirstRowsQuery& q) const override {
        return limitQuery(q, forUpdateClause(q.lock));
    }

    [[nodiscard]] std::string upsert(std::string_view table, const ColumnNames& keys,
                                     const ColumnNames& values) const override {
        return upsertRows(table, keys, values, 1, {});
    }

    [[nodiscard]] std::string upsertRows(std::string_view table, const ColumnNames& keys,
                                         const ColumnNames& values, int rows,
                                         const ColumnNames& keptColumns) const override {
        return insertInto(table, keysThenValues(keys, values), rows) + " ON CONFLICT (" + joinColumns(keys) +
               ") DO UPDATE SET " + upsertAssignments(values, keptColumns, "EXCLUDED.", "");
    }

    [[nodiscard]] std::string addToCount(std::string_view table, const ColumnNames& keys,
                                         const std::string& countColumn) const override {
        return insertInto(table, keysThenValues(keys, {countColumn})) + " ON CONFLICT (" + joinColumns(keys) +
               ") DO UPDATE SET " + countColumn + " = " + std::string(table) + "." + countColumn +
               " + EXCLUDED." + countColumn;
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

    // lastval(): the value most recently taken from any sequence in this session, i.e. by the
    // identity column of the insert just before.
    [[nodiscard]] std::string generatedIdQuery(std::string_view) const override { return "SELECT lastval()"; }

    [[nodiscard]] std::string bigintParameter() const override { return "CAST(? AS BIGINT)"; }

    [[nodiscard]] std::string tableExistsQuery() const override {
        return "SELECT COUNT(*) FROM information_schema.tables"
               " WHERE table_schema = current_schema() AND table_name = LOWER(?)";
    }

    // reltuples: what the last VACUUM or ANALYZE (autovacuum too) found; -1 before the first.
    [[nodiscard]] std::string tableRowsEstimateQuery() const override {
        return "SELECT CAST(C.RELTUPLES AS BIGINT) FROM PG_CLASS C JOIN PG_NAMESPACE N ON N.OID = "
               "C.RELNAMESPACE"
               " WHERE N.NSPNAME = current_schema() AND C.RELNAME = LOWER(?)";
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
