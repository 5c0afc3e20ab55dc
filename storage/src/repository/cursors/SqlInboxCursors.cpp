#include "repository/cursors/SqlInboxCursors.h"

#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

namespace msgx::storage {
namespace {

struct CursorRow {
    Poco::Int64 watermark = 0;
    Poco::Int64 rescanFrom = 0;

    template <typename Columns>
    void columns(Columns& c) {
        c(watermark), c(rescanFrom);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::CursorRow)

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

std::optional<InboxCursor> SqlInboxCursors::load(const std::string& name) {
    return ctx_.pool->transact(
        "store: read inbox cursor " + name, [ctx = ctx_.statements, name](Transaction& tx) {
            const auto& rows = preparedRows<CursorRow>(tx, ctx, "cursor.load", {Parameter::shortText(name)});
            return rows.empty()
                       ? std::nullopt
                       : std::optional(InboxCursor{name, rows.front().watermark, rows.front().rescanFrom});
        });
}

void SqlInboxCursors::save(const InboxCursor& cursor) {
    const Timestamp stamp = ctx_.now();
    ctx_.writerTransact(
        "store: write inbox cursor " + cursor.name,
        [ctx = ctx_.statements, cursor, stamp](Transaction& tx) { saveCursor(tx, ctx, cursor, stamp); });
}

void saveCursor(Transaction& tx, const SqlContext& ctx, const InboxCursor& cursor, Timestamp stamp) {
    std::vector<Parameter> parameters{Parameter::shortText(cursor.name)};
    for (int copy = 0; copy < (ctx.upsertRepeatsValues ? 2 : 1); ++copy) {
        parameters.push_back(Parameter::int64(cursor.watermark));
        parameters.push_back(Parameter::int64(cursor.rescanFrom));
        parameters.push_back(Parameter::micros(stamp));
    }
    preparedRun(tx, ctx, "cursor.save", parameters);
}

} // namespace msgx::storage
