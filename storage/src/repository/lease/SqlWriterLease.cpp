#include "repository/lease/SqlWriterLease.h"

#include "msgx/storage/InfraError.h"
#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

namespace msgx::storage {
namespace {

struct LeaseRow {
    Poco::Nullable<std::string> owner;
    Poco::Int64 epoch = 0;
    Poco::Int64 renewals = 0;
    Poco::Int64 expiresAt = 0;

    template <typename Columns>
    void columns(Columns& c) {
        c(owner), c(epoch), c(renewals), c(expiresAt);
    }

    [[nodiscard]] LeaseState state() const {
        return {owner.isNull() ? std::nullopt : std::optional(owner.value()), epoch, renewals};
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

bool heldAt(const LeaseRow& row, const std::string& owner, std::int64_t epoch) {
    return !row.owner.isNull() && row.owner.value() == owner && row.epoch == epoch;
}

} // namespace

void checkFence(Transaction& tx, const SqlContext& ctx, const WriterFence& fence,
                const std::string& operation) {
    const std::int64_t token = fence.token();
    if (token == WriterFence::kUnfenced) {
        return;
    }
    if (token == WriterFence::kNotWriter) {
        throw InfraError(InfraError::Reason::Fenced, operation,
                         "this instance does not hold the writer lease: nothing written");
    }
    const auto& epochs = preparedRows<Poco::Int64>(
        tx, ctx, "lease.fence", {Parameter::shortText(std::string(WriterFence::kLeaseName))});
    if (epochs.empty() || epochs.front() != token) {
        throw InfraError(InfraError::Reason::Fenced, operation,
                         "the writer lease moved to epoch " +
                             (epochs.empty() ? std::string("(none)") : std::to_string(epochs.front())) +
                             " while this instance holds epoch " + std::to_string(token) +
                             ": another instance took over, nothing written");
    }
}

void SqlWriterLease::confirmFence(const std::string& operation) {
    ctx_.writerTransact(operation, [](Transaction&) {});
}

std::optional<LeaseState> SqlWriterLease::read(const std::string& name) {
    return ctx_.pool->transact("store: read writer lease " + name,
                               [ctx = ctx_.statements, name](Transaction& tx) -> std::optional<LeaseState> {
                                   const auto row = leaseRow(tx, ctx, "lease.read", name);
                                   return row ? std::optional(row->state()) : std::nullopt;
                               });
}

std::optional<std::int64_t> SqlWriterLease::take(const std::string& name, const std::string& owner,
                                                 const std::optional<LeaseState>& seen,
                                                 Clock::duration period) {
    const Timestamp stamp = ctx_.now();
    return ctx_.pool->transact("store: take writer lease " + name + " for " + owner,
                               [ctx = ctx_.statements, name, owner, seen, period,
                                stamp](Transaction& tx) -> std::optional<std::int64_t> {
                                   Statement create(tx.session());
                                   create << ctx["lease.create-if-absent"], ctx.text.shortText(name),
                                       bindInt64(0);
                                   create.execute();
                                   const auto row = leaseRow(tx, ctx, "lease.lock", name);
                                   if (!row) {
                                       return std::nullopt;
                                   }
                                   const auto state = row->state();
                                   // A row created just now is free, whatever `seen` was.
                                   if (state.owner && seen != state) {
                                       return std::nullopt;
                                   }
                                   const std::int64_t epoch = row->epoch + 1;
                                   Statement takeOver(tx.session());
                                   takeOver << ctx["lease.take"], ctx.text.shortText(owner), bindInt64(epoch),
                                       bindMicros(stamp), bindMicros(stamp), bindMicros(stamp + period),
                                       ctx.text.shortText(name);
                                   takeOver.execute();
                                   return epoch;
                               });
}

bool SqlWriterLease::renew(const std::string& name, const std::string& owner, std::int64_t epoch,
                           Clock::duration period) {
    const Timestamp stamp = ctx_.now();
    return ctx_.pool->transact("store: renew writer lease " + name + " for " + owner,
                               [ctx = ctx_.statements, name, owner, epoch, period, stamp](Transaction& tx) {
                                   const auto row = leaseRow(tx, ctx, "lease.lock", name);
                                   if (!row || !heldAt(*row, owner, epoch)) {
                                       return false;
                                   }
                                   Statement extend(tx.session());
                                   extend << ctx["lease.extend"], bindMicros(stamp),
                                       bindMicros(stamp + period), ctx.text.shortText(name);
                                   extend.execute();
                                   return true;
                               });
}

void SqlWriterLease::release(const std::string& name, const std::string& owner, std::int64_t epoch) {
    ctx_.pool->transact("store: release writer lease " + name + " of " + owner,
                        [ctx = ctx_.statements, name, owner, epoch](Transaction& tx) {
                            const auto row = leaseRow(tx, ctx, "lease.lock", name);
                            if (!row || !heldAt(*row, owner, epoch)) {
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
            const auto row = leaseRow(tx, ctx, "lease.read", name);
            if (!row || row->owner.isNull() || timestampOf(row->expiresAt) <= stamp) {
                return std::optional<LeaseHolder>();
            }
            return std::optional(LeaseHolder{row->owner.value(), timestampOf(row->expiresAt)});
        });
}

} // namespace msgx::storage
