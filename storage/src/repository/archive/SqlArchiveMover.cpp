#include "repository/archive/SqlArchiveMover.h"

#include "repository/events/DeliveredMarks.h"
#include "repository/processing/StateCounts.h"
#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

namespace msgx::storage {
namespace {

// A row due to move (archive.messages-due, archive.events-due): its id and the two columns its
// count is kept under (StateCounts.h).
struct DueRow {
    Poco::Int64 id = 0;
    std::string first;
    std::string second;

    template <typename Columns>
    void columns(Columns& c) {
        c(id), c(first), c(second);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::DueRow)

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

namespace {

// Moves the rows `dueStatement` selects, one by one: copy with ARCHIVED_AT, then delete.
std::vector<DueRow> moveRows(Transaction& tx, const SqlContext& ctx, const char* dueStatement,
                             const char* copyStatement, const char* deleteStatement, Timestamp cutoff,
                             int limit, Timestamp stamp) {
    std::vector<DueRow> rows;
    tx.session() << ctx[dueStatement], bindMicros(cutoff), bindInt(limit), into(rows), now;
    for (const DueRow& row : rows) {
        Statement copy(tx.session());
        copy << ctx[copyStatement], bindMicros(stamp), bindInt64(row.id);
        copy.execute();
        Statement remove(tx.session());
        remove << ctx[deleteStatement], bindInt64(row.id);
        remove.execute();
    }
    return rows;
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
            StateCountChanges counts;
            // Delivered events still PENDING under their mark are SENT first: they may move, and
            // their messages with them (archive.messages-due waits for a message's PENDING events).
            settleDeliveredMarks(tx, ctx, stamp);
            const auto messages = moveRows(tx, ctx, "archive.messages-due", "archive.copy-message",
                                           "archive.delete-message", cutoff, limit, stamp);
            for (const DueRow& row : messages) { // (STATE, ERROR_CLASS as counted)
                counts.messages(StateCountChanges::MessageKey(row.first, errorClassOfCount(row.second)),
                                std::nullopt);
            }
            const auto events = moveRows(tx, ctx, "archive.events-due", "archive.copy-event",
                                         "archive.delete-event", cutoff, limit, stamp);
            for (const DueRow& row : events) { // (TARGET, STATE)
                counts.events(row.first, -1);
                if (row.second == eventStateName(EventState::Dead)) {
                    counts.deadEvents(row.first, -1);
                }
            }
            counts.write(tx, ctx);
            report.messages = static_cast<int>(messages.size());
            report.events = static_cast<int>(events.size());
            return report;
        });
}

} // namespace msgx::storage
