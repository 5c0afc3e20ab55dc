#include "sql/Dialect.h"

#include <stdexcept>

namespace msgx::storage {

namespace {

// Oracle 11g through ODBC. 11g has no LIMIT/OFFSET/FETCH FIRST (12c), no identity columns (12c), no
// BOOLEAN column type, no ON CONFLICT: first-n queries filter on ROWNUM over an ordered inline view,
// keys come from sequences, upserts are MERGE, insert-if-absent is an INSERT with the
// IGNORE_ROW_ON_DUPKEY_INDEX hint. '' is NULL in Oracle, so no statement uses an empty string as a
// value. Never run against a real Oracle here (docs/storage.md).
class OracleDialect final : public Dialect {
public:
    using Dialect::Dialect;

    [[nodiscard]] SqlDialect kind() const override { return SqlDialect::Oracle; }
    [[nodiscard]] std::string forShare() const override { return " FOR UPDATE"; }

    // ROWNUM is assigned before ORDER BY is applied, hence the inline view. Oracle refuses FOR UPDATE
    // on such a view (ORA-02014), so a locking query selects the first keys in the view and locks the
    // rows of the table that have them.
    [[nodiscard]] std::string firstRows(const FirstRowsQuery& q) const override {
        const std::string where = q.where.empty() ? "" : " WHERE " + q.where;
        const std::string order = q.orderBy.empty() ? "" : " ORDER BY " + q.orderBy;
        if (q.lock == RowLock::None) {
            return "SELECT " + q.columns + " FROM (SELECT " + q.columns + " FROM " + q.table + where + order +
                   ") WHERE ROWNUM <= ?";
        }
        return "SELECT " + q.columns + " FROM " + q.table + " WHERE " + q.key + " IN (SELECT " + q.key +
               " FROM (SELECT " + q.key + " FROM " + q.table + where + order + ") WHERE ROWNUM <= ?)" +
               order + (q.lock == RowLock::SkipLocked ? " FOR UPDATE SKIP LOCKED" : " FOR UPDATE");
    }

    // MERGE on the keys selected from DUAL; the values are bound where Oracle writes them (UPDATE SET
    // and INSERT VALUES), so a CLOB value is an ordinary LOB bind.
    [[nodiscard]] std::string upsert(std::string_view table, const ColumnNames& keys,
                                     const ColumnNames& values) const override {
        std::string sql = mergeOnKeys(table, keys) + " WHEN MATCHED THEN UPDATE SET ";
        for (std::size_t i = 0; i < values.size(); ++i) {
            sql += (i == 0 ? "T." : ", T.") + values[i] + " = ?";
        }
        ColumnNames all = keys;
        all.insert(all.end(), values.begin(), values.end());
        sql += " WHEN NOT MATCHED THEN INSERT (" + joinColumns(all) + ") VALUES (" + joinColumns(keys, "S.");
        for (std::size_t i = 0; i < values.size(); ++i) {
            sql += ", ?";
        }
        return sql + ")";
    }

    [[nodiscard]] bool upsertRepeatsValues() const override { return true; }

    // MERGE as upsert(), the amount bound in the UPDATE and in the INSERT branch.
    [[nodiscard]] std::string addToCount(std::string_view table, const ColumnNames& keys,
                                         const std::string& countColumn) const override {
        ColumnNames all = keys;
        all.push_back(countColumn);
        return mergeOnKeys(table, keys) + " WHEN MATCHED THEN UPDATE SET T." + countColumn + " = T." +
               countColumn + " + ? WHEN NOT MATCHED THEN INSERT (" + joinColumns(all) + ") VALUES (" +
               joinColumns(keys, "S.") + ", ?)";
    }

    // An INSERT that skips a row whose key exists (hint IGNORE_ROW_ON_DUPKEY_INDEX, 11gR2): a plain
    // VALUES insert, so CLOB values bind as usual, and no error for the duplicate.
    [[nodiscard]] std::string insertIfAbsentRows(std::string_view table, const ColumnNames& keys,
                                                 const ColumnNames& values, int rows) const override {
        if (rows != 1) {
            throw std::logic_error("Oracle 11g has no multi-row VALUES");
        }
        ColumnNames all = keys;
        all.insert(all.end(), values.begin(), values.end());
        return "INSERT /*+ IGNORE_ROW_ON_DUPKEY_INDEX(" + std::string(table) + " (" + joinColumns(keys) +
               ")) */ INTO " + std::string(table) + " (" + joinColumns(all) + ") VALUES (" +
               placeholdersFor(all) + ")";
    }

    [[nodiscard]] std::string insertGeneratingId(std::string_view table, std::string_view idColumn,
                                                 std::string_view sequence,
                                                 const ColumnNames& columns) const override {
        return "INSERT INTO " + std::string(table) + " (" + std::string(idColumn) + ", " +
               joinColumns(columns) + ") VALUES (" + std::string(sequence) + ".NEXTVAL, " +
               placeholdersFor(columns) + ")";
    }

    [[nodiscard]] std::string generatedIdQuery(std::string_view sequence) const override {
        return "SELECT " + std::string(sequence) + ".CURRVAL FROM DUAL";
    }

    [[nodiscard]] std::string bigintParameter() const override { return "CAST(? AS NUMBER(19))"; }

    [[nodiscard]] std::string tableExistsQuery() const override {
        return "SELECT COUNT(*) FROM USER_TABLES WHERE TABLE_NAME = UPPER(?)";
    }

    // NUM_ROWS: what the last statistics gathering (DBMS_STATS, the nightly job) found; NULL before.
    [[nodiscard]] std::string tableRowsEstimateQuery() const override {
        return "SELECT NUM_ROWS FROM USER_TABLES WHERE TABLE_NAME = UPPER(?)";
    }

    [[nodiscard]] bool transactionalDdl() const override { return false; }

    [[nodiscard]] std::string datetimeAsText(std::string_view column) const override {
        return "TO_CHAR(" + std::string(column) + ", 'YYYY-MM-DD HH24:MI:SS')";
    }
    [[nodiscard]] std::string datetimeFromText() const override {
        return "TO_DATE(?, 'YYYY-MM-DD HH24:MI:SS')";
    }

private:
    // "MERGE INTO <table> T USING (SELECT ? AS K1, … FROM DUAL) S ON (T.K1 = S.K1 AND …)": the keys
    // bound first, as the parameters of upsert() and addToCount() go.
    [[nodiscard]] static std::string mergeOnKeys(std::string_view table, const ColumnNames& keys) {
        std::string source;
        std::string on;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            source += (i == 0 ? "? AS " : ", ? AS ") + keys[i];
            on += (i == 0 ? "T." : " AND T.") + keys[i] + " = S." + keys[i];
        }
        return "MERGE INTO " + std::string(table) + " T USING (SELECT " + source + " FROM DUAL) S ON (" + on +
               ")";
    }
};

} // namespace

std::unique_ptr<Dialect> makeOracleDialect(PlaceholderStyle placeholders) {
    return std::make_unique<OracleDialect>(placeholders);
}

} // namespace msgx::storage
