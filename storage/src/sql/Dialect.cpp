#include "sql/Dialect.h"

#include "sql/LongText.h"
#include "sql/Placeholders.h"

#include <algorithm>
#include <stdexcept>

namespace msgx::storage {

std::unique_ptr<Dialect> makePostgresDialect(PlaceholderStyle placeholders);
std::unique_ptr<Dialect> makeMySqlDialect(PlaceholderStyle placeholders);
std::unique_ptr<Dialect> makeSqliteDialect(PlaceholderStyle placeholders);
std::unique_ptr<Dialect> makeOracleDialect(PlaceholderStyle placeholders);

std::string Dialect::render(std::string_view sql) const {
    return placeholders_ == PlaceholderStyle::DollarNumber ? numberPlaceholders(sql) : std::string(sql);
}

std::string Dialect::longTextRead(std::string_view column) const {
    const std::string name(column);
    return name + ", 0 AS " + name + "_CUT";
}

std::string selectList(const Dialect& dialect, std::string_view columns, const ColumnNames& longColumns) {
    std::string out;
    std::size_t replaced = 0;
    std::size_t start = 0;
    while (start <= columns.size()) {
        std::size_t end = columns.find(',', start);
        if (end == std::string_view::npos) {
            end = columns.size();
        }
        std::string_view column = columns.substr(start, end - start);
        while (!column.empty() && column.front() == ' ') {
            column.remove_prefix(1);
        }
        while (!column.empty() && column.back() == ' ') {
            column.remove_suffix(1);
        }
        if (!out.empty()) {
            out += ", ";
        }
        if (std::find(longColumns.begin(), longColumns.end(), column) != longColumns.end()) {
            out += dialect.longTextRead(column);
            ++replaced;
        } else {
            out += column;
        }
        start = end + 1;
    }
    if (replaced != longColumns.size()) {
        throw std::logic_error("selectList: a long text column is not in '" + std::string(columns) + "'");
    }
    return out;
}

std::unique_ptr<Dialect> makeDialect(SqlDialect dialect, PlaceholderStyle placeholders) {
    switch (dialect) {
    case SqlDialect::PostgreSql:
        return makePostgresDialect(placeholders);
    case SqlDialect::MySql:
        return makeMySqlDialect(placeholders);
    case SqlDialect::Sqlite:
        return makeSqliteDialect(placeholders);
    case SqlDialect::Oracle:
        return makeOracleDialect(placeholders);
    }
    throw std::invalid_argument("unknown SQL dialect");
}

PlaceholderStyle placeholderStyleOf(DatabaseBackend backend) {
    return backend == DatabaseBackend::PostgreSql ? PlaceholderStyle::DollarNumber
                                                  : PlaceholderStyle::QuestionMark;
}

std::string joinColumns(const ColumnNames& columns, std::string_view prefix) {
    std::string out;
    for (const auto& column : columns) {
        if (!out.empty()) {
            out += ", ";
        }
        out += prefix;
        out += column;
    }
    return out;
}

std::string placeholdersFor(const ColumnNames& columns) {
    std::string out;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        out += i == 0 ? "?" : ", ?";
    }
    return out;
}

ColumnNames keysThenValues(const ColumnNames& keys, const ColumnNames& values) {
    ColumnNames all = keys;
    all.insert(all.end(), values.begin(), values.end());
    return all;
}

std::string Dialect::upsertRows(std::string_view, const ColumnNames&, const ColumnNames&, int,
                                const ColumnNames&) const {
    throw std::logic_error(std::string(name()) + " has no multi-row upsert");
}

std::string upsertAssignments(const ColumnNames& values, const ColumnNames& kept, std::string_view before,
                              std::string_view after) {
    std::string sql;
    for (const auto& column : values) {
        if (std::find(kept.begin(), kept.end(), column) != kept.end()) {
            continue;
        }
        sql += (sql.empty() ? "" : ", ") + column + " = ";
        sql += before;
        sql += column;
        sql += after;
    }
    return sql;
}

std::string insertInto(std::string_view table, const ColumnNames& columns, int rows) {
    std::string sql = "INSERT INTO " + std::string(table) + " (" + joinColumns(columns) + ") VALUES (" +
                      placeholdersFor(columns) + ")";
    for (int row = 1; row < rows; ++row) {
        sql += ", (" + placeholdersFor(columns) + ")";
    }
    return sql;
}

std::string limitQuery(const FirstRowsQuery& query, std::string_view lockClause) {
    std::string sql = "SELECT " + query.columns + " FROM " + query.table;
    if (!query.where.empty()) {
        sql += " WHERE " + query.where;
    }
    if (!query.orderBy.empty()) {
        sql += " ORDER BY " + query.orderBy;
    }
    sql += " LIMIT ?";
    sql += lockClause;
    return sql;
}

std::string_view forUpdateClause(RowLock lock) {
    switch (lock) {
    case RowLock::Wait:
        return " FOR UPDATE";
    case RowLock::SkipLocked:
        return " FOR UPDATE SKIP LOCKED";
    default:
        return "";
    }
}

} // namespace msgx::storage
