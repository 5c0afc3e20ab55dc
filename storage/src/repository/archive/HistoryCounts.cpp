#include "repository/archive/HistoryCounts.h"

#include "sql/Dialect.h"

namespace msgx::storage {

bool keepsHistoryCounts(const Dialect& dialect) {
    return dialect.tableRowsEstimateQuery().empty();
}

void addHistoryRows(Transaction& tx, const SqlContext& ctx, const std::string& table, std::int64_t n) {
    if (n == 0) {
        return;
    }
    std::vector<Parameter> parameters{Parameter::shortText(table), Parameter::int64(n)};
    if (ctx.upsertRepeatsValues) {
        parameters.push_back(Parameter::int64(n));
    }
    preparedRun(tx, ctx, "history.kept-add", parameters);
}

} // namespace msgx::storage
