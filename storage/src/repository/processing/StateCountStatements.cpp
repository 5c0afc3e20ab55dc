#include "repository/processing/StateCounts.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

// StateCounts.cpp's statements, "count.<table>-<verb>": add and set take the key, then the value
// (twice where the dialect repeats upsert values); read, lock and scan return (key…, count) rows.
void addStateCountStatements(StatementCatalog& c, const Dialect& d) {
    const std::string none = std::string("'") + kNoErrorClassCount + "'";
    struct Table {
        std::string name;
        std::string table;
        ColumnNames keys;
        std::string count;
        std::string scan;
    };
    const Table tables[] = {
        {"messages",
         "PROC_STATE_COUNT",
         {"STATE", "ERROR_CLASS"},
         "MESSAGES",
         "SELECT STATE, COALESCE(ERROR_CLASS, " + none +
             "), COUNT(*) FROM PROC_STATE GROUP BY STATE, "
             "COALESCE(ERROR_CLASS, " +
             none + ")"},
        {"events",
         "MSG_EVENT_COUNT",
         {"TARGET", "KIND"},
         "EVENTS",
         "SELECT TARGET, 'ALL', COUNT(*) FROM MSG_EVENT GROUP BY TARGET UNION ALL SELECT TARGET, 'DEAD', "
         "COUNT(*) FROM MSG_EVENT WHERE STATE = 'DEAD' GROUP BY TARGET"},
    };
    for (const auto& t : tables) {
        const std::string prefix = "count." + t.name;
        const std::string columns = joinColumns(t.keys) + ", " + t.count;
        c.add(d, prefix + "-add", d.addToCount(t.table, t.keys, t.count));
        c.add(d, prefix + "-set", d.upsert(t.table, t.keys, {t.count}));
        c.add(d, prefix + "-read", "SELECT " + columns + " FROM " + t.table);
        c.add(d, prefix + "-lock",
              "SELECT " + columns + " FROM " + t.table + " ORDER BY " + joinColumns(t.keys) + d.forUpdate());
        c.add(d, prefix + "-scan", t.scan);
    }
}

} // namespace msgx::storage
