#include "repository/SqlWriterLease.h"

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

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::LeaseRow)

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

namespace {

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

} // namespace msgx::storage
