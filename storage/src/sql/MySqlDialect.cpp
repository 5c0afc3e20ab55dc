#include "sql/Dialect.h"
#include "sql/LongText.h"

namespace msgx::storage {

namespace {

// MySQL 8 and MariaDB 10.6+ (tested with MariaDB 10.11): ON DUPLICATE KEY UPDATE, LIMIT,
// FOR UPDATE SKIP LOCKED, AUTO_INCREMENT/LAST_INSERT_ID().
class MySqlDialect final : public Dialect {
public:
    using Dialect::Dialect;

    [[nodiscard]] SqlDialect kind() const override { return SqlDialect::MySql; }
    [[nodiscard]] std::string forShare() const override { return " LOCK IN SHARE MODE"; }

    // The head of the value and whether it goes on (sql/LongText.h): SUBSTRING declares 4 bytes per
    // character of its length, the buffer Poco's connector allocates for it.
    [[nodiscard]] std::string longTextRead(std::string_view column) const override {
        const std::string name(column);
        const std::string head = std::to_string(kLongTextHeadChars);
        return "SUBSTRING(" + name + ", 1, " + head + ") AS " + name + "_HEAD, CASE WHEN CHAR_LENGTH(" +
               name + ") > " + head + " THEN 1 ELSE 0 END AS " + name + "_CUT";
    }

    [[nodiscard]] std::string firstRows(const FirstRowsQuery& q) const override {
        return limitQuery(q, forUpdateClause(q.lock));
    }

    // VALUES(c) names the value the insert would have written (still accepted by MariaDB and by
    // MySQL 8, which prefers a row alias but keeps VALUES() working).
    [[nodiscard]] std::string upsert(std::string_view table, const ColumnNames& keys,
                                     const ColumnNames& values) const override {
        return upsertRows(table, keys, values, 1, {});
    }

    [[nodiscard]] std::string upsertRows(std::string_view table, const ColumnNames& keys,
                                         const ColumnNames& values, int rows,
                                         const ColumnNames& keptColumns) const override {
        return insertInto(table, keysThenValues(keys, values), rows) + " ON DUPLICATE KEY UPDATE " +
               upsertAssignments(values, keptColumns, "VALUES(", ")");
    }

    [[nodiscard]] std::string addToCount(std::string_view table, const ColumnNames& keys,
                                         const std::string& countColumn) const override {
        return insertInto(table, keysThenValues(keys, {countColumn})) + " ON DUPLICATE KEY UPDATE " +
               countColumn + " = " + countColumn + " + VALUES(" + countColumn + ")";
    }

    // Not INSERT IGNORE: IGNORE also turns a too-long value or a NULL in a NOT NULL column into a
    // warning and writes a truncated row. Assigning the key to itself changes nothing.
    [[nodiscard]] std::string insertIfAbsentRows(std::string_view table, const ColumnNames& keys,
                                                 const ColumnNames& values, int rows) const override {
        const ColumnNames all = keysThenValues(keys, values);
        return insertInto(table, all, rows) + " ON DUPLICATE KEY UPDATE " + keys.front() + " = " +
               keys.front();
    }

    [[nodiscard]] std::string insertGeneratingId(std::string_view table, std::string_view, std::string_view,
                                                 const ColumnNames& columns) const override {
        return insertInto(table, columns);
    }

    [[nodiscard]] std::string generatedIdQuery(std::string_view) const override {
        return "SELECT LAST_INSERT_ID()";
    }

    [[nodiscard]] std::string bigintParameter() const override { return "CAST(? AS SIGNED)"; }

    [[nodiscard]] std::string tableExistsQuery() const override {
        return "SELECT COUNT(*) FROM information_schema.tables"
               " WHERE table_schema = DATABASE() AND table_name = ?";
    }

    // InnoDB's estimate from its persistent statistics (refreshed after 10 % of the rows changed).
    [[nodiscard]] std::string tableRowsEstimateQuery() const override {
        return "SELECT CAST(TABLE_ROWS AS SIGNED) FROM information_schema.tables"
               " WHERE table_schema = DATABASE() AND table_name = ?";
    }

    [[nodiscard]] bool transactionalDdl() const override { return false; }

    [[nodiscard]] std::string datetimeAsText(std::string_view column) const override {
        return "DATE_FORMAT(" + std::string(column) + ", '%Y-%m-%d %H:%i:%s')";
    }
    [[nodiscard]] std::string datetimeFromText() const override { return "CAST(? AS DATETIME)"; }
};

} // namespace

std::unique_ptr<Dialect> makeMySqlDialect(PlaceholderStyle placeholders) {
    return std::make_unique<MySqlDialect>(placeholders);
}

} // namespace msgx::storage
