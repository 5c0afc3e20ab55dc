#include "repository/SqlOperations.h"

#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

namespace msgx::storage {
namespace {

struct LeaseRow {
    Poco::Nullable<std::string> owner;
    Poco::Int64 expiresAt = 0;

    template <typename Columns>
    void columns(Columns& c) {
        c(owner), c(expiresAt);
    }
};

struct AuditRow {
    Poco::Int64 id = 0;
    Poco::Int64 occurredAt = 0;
    std::string actor;
    std::string action;
    Poco::Nullable<std::string> detail;

    template <typename Columns>
    void columns(Columns& c) {
        c(id), c(occurredAt), c(actor), c(action), c(detail);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::LeaseRow)
MSGX_ROW_TYPE_HANDLER(msgx::storage::AuditRow)

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

std::optional<LeaseRow> leaseRow(Transaction& tx, const SqlContext& ctx, const char* statement,
                                 const std::string& name) {
    std::vector<LeaseRow> rows;
    tx.session() << ctx[statement], ctx.text.shortText(name), into(rows), now;
    return rows.empty() ? std::nullopt : std::optional(rows.front());
}

bool heldBy(const LeaseRow& row, const std::string& owner) {
    return !row.owner.isNull() && row.owner.value() == owner;
}

} // namespace

ArchiveReport SqlArchiveMover::archiveBefore(Timestamp cutoff, int limit) {
    if (limit <= 0) {
        return {};
    }
    const Timestamp stamp = ctx_.now();
    return ctx_.pool->transact(
        "store: archive terminal rows", [ctx = ctx_.statements, cutoff, limit, stamp](Transaction& tx) {
            ArchiveReport report;
            report.messages = moveRows(tx, ctx, "archive.messages-due", "archive.copy-message",
                                       "archive.delete-message", cutoff, limit, stamp);
            report.events = moveRows(tx, ctx, "archive.events-due", "archive.copy-event",
                                     "archive.delete-event", cutoff, limit, stamp);
            return report;
        });
}

bool SqlWriterLease::acquire(const std::string& name, const std::string& owner, Clock::duration period) {
    const Timestamp stamp = ctx_.now();
    return ctx_.pool->transact(
        "store: acquire writer lease " + name + " for " + owner,
        [ctx = ctx_.statements, name, owner, period, stamp](Transaction& tx) {
            Statement create(tx.session());
            create << ctx["lease.create-if-absent"], ctx.text.shortText(name), bindInt64(0);
            create.execute();
            const auto row = leaseRow(tx, ctx, "lease.lock", name);
            const bool free = row && (row->owner.isNull() || timestampOf(row->expiresAt) <= stamp);
            if (!row || (!free && !heldBy(*row, owner))) {
                return false;
            }
            Statement take(tx.session());
            take << ctx["lease.take"], ctx.text.shortText(owner), bindMicros(stamp), bindMicros(stamp),
                bindMicros(stamp + period), ctx.text.shortText(name);
            take.execute();
            return true;
        });
}

bool SqlWriterLease::renew(const std::string& name, const std::string& owner, Clock::duration period) {
    const Timestamp stamp = ctx_.now();
    return ctx_.pool->transact("store: renew writer lease " + name + " for " + owner,
                               [ctx = ctx_.statements, name, owner, period, stamp](Transaction& tx) {
                                   const auto row = leaseRow(tx, ctx, "lease.lock", name);
                                   if (!row || !heldBy(*row, owner) || timestampOf(row->expiresAt) <= stamp) {
                                       return false;
                                   }
                                   Statement extend(tx.session());
                                   extend << ctx["lease.extend"], bindMicros(stamp),
                                       bindMicros(stamp + period), ctx.text.shortText(name);
                                   extend.execute();
                                   return true;
                               });
}

void SqlWriterLease::release(const std::string& name, const std::string& owner) {
    ctx_.pool->transact("store: release writer lease " + name + " of " + owner,
                        [ctx = ctx_.statements, name, owner](Transaction& tx) {
                            const auto row = leaseRow(tx, ctx, "lease.lock", name);
                            if (!row || !heldBy(*row, owner)) {
                                return;
                            }
                            Statement free(tx.session());
                            free << ctx["lease.free"], ctx.text.shortText(name);
                            free.execute();
                        });
}

std::optional<LeaseHolder> SqlWriterLease::holder(const std::string& name) {
    const Timestamp stamp = ctx_.now();
    return ctx_.pool->transact(
        "store: read writer lease " + name, [ctx = ctx_.statements, name, stamp](Transaction& tx) {
            const auto row = leaseRow(tx, ctx, "lease.holder", name);
            if (!row || row->owner.isNull() || timestampOf(row->expiresAt) <= stamp) {
                return std::optional<LeaseHolder>();
            }
            return std::optional(LeaseHolder{row->owner.value(), timestampOf(row->expiresAt)});
        });
}

void SqlOpsAuditLog::record(const std::string& actor, const std::string& action,
                            const std::optional<std::string>& detail) {
    const Timestamp stamp = ctx_.now();
    ctx_.pool->transact("store: audit " + action + " by " + actor,
                        [ctx = ctx_.statements, actor, action, detail, stamp](Transaction& tx) {
                            Statement insert(tx.session());
                            insert << ctx["audit.insert"], bindMicros(stamp), ctx.text.shortText(actor),
                                ctx.text.shortText(action), ctx.text.longText(detail);
                            insert.execute();
                        });
}

std::vector<AuditEntry> SqlOpsAuditLog::recent(int limit) {
    if (limit <= 0) {
        return {};
    }
    return ctx_.pool->transact("store: read the audit log", [ctx = ctx_.statements, limit](Transaction& tx) {
        std::vector<AuditRow> rows;
        tx.session() << ctx["audit.recent"], bindInt(limit), into(rows), now;
        std::vector<AuditEntry> entries;
        for (const auto& row : rows) {
            entries.push_back(
                {row.id, timestampOf(row.occurredAt), row.actor, row.action, optionalOf(row.detail)});
        }
        return entries;
    });
}

} // namespace msgx::storage
