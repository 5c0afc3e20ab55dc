#include "repository/SqlInboxCursors.h"

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
            std::vector<CursorRow> rows;
            tx.session() << ctx["cursor.load"], ctx.text.shortText(name), into(rows), now;
            return rows.empty()
                       ? std::nullopt
                       : std::optional(InboxCursor{name, rows.front().watermark, rows.front().rescanFrom});
        });
}

void SqlInboxCursors::save(const InboxCursor& cursor) {
    const Timestamp stamp = ctx_.now();
    ctx_.writerTransact(
        "store: write inbox cursor " + cursor.name, [ctx = ctx_.statements, cursor, stamp](Transaction& tx) {
            Statement save(tx.session());
            save << ctx["cursor.save"], ctx.text.shortText(cursor.name);
            for (int copy = 0; copy < (ctx.upsertRepeatsValues ? 2 : 1); ++copy) {
                save, bindInt64(cursor.watermark), bindInt64(cursor.rescanFrom), bindMicros(stamp);
            }
            save.execute();
        });
}

} // namespace msgx::storage
