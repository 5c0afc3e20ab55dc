#include "repository/SqlArchiveMover.h"

#include "repository/DeliveredMarks.h"
#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

namespace {

// Moves the rows `dueStatement` selects, one by one: copy with ARCHIVED_AT, then delete.
int moveRows(Transaction& tx, const SqlContext& ctx, const char* dueStatement, const char* copyStatement,
             const char* deleteStatement, Timestamp cutoff, int limit, Timestamp stamp) {
    std::vector<Poco::Int64> ids;
    tx.session() << ctx[dueStatement], bindMicros(cutoff), bindInt(limit), into(ids), now;
    for (const Poco::Int64 id : ids) {
        Statement copy(tx.session());
        copy << ctx[copyStatement], bindMicros(stamp), bindInt64(id);
        copy.execute();
        Statement remove(tx.session());
        remove << ctx[deleteStatement], bindInt64(id);
        remove.execute();
    }
    return static_cast<int>(ids.size());
}

} // namespace

ArchiveReport SqlArchiveMover::archiveBefore(Timestamp cutoff, int limit) {
    if (limit <= 0) {
        return {};
    }
    const Timestamp stamp = ctx_.now();
    return ctx_.writerTransact(
        "store: archive terminal rows", [ctx = ctx_.statements, cutoff, limit, stamp](Transaction& tx) {
            ArchiveReport report;
            // Delivered events still PENDING under their mark are SENT first: they may move, and
            // their messages with them (archive.messages-due waits for a message's PENDING events).
            settleDeliveredMarks(tx, ctx, stamp);
            report.messages = moveRows(tx, ctx, "archive.messages-due", "archive.copy-message",
                                       "archive.delete-message", cutoff, limit, stamp);
            report.events = moveRows(tx, ctx, "archive.events-due", "archive.copy-event",
                                     "archive.delete-event", cutoff, limit, stamp);
            return report;
        });
}

} // namespace msgx::storage
