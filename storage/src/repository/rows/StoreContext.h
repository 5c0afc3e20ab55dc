#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/storage/WriterFence.h"
#include "session/NamedStatements.h"
#include "session/SessionPool.h"
#include "session/Transaction.h"
#include "sql/Dialect.h"
#include "sql/StatementCatalog.h"
#include "sql/Values.h"

#include <memory>

namespace msgx::storage {

// What a unit of work needs to write SQL: the statements and how to bind text. Units of work
// capture it by value (SessionPool::transact: the work may outlive the caller's wait) and never
// the pool, whose last owner must not be a worker thread of its own.
struct SqlContext {
    std::shared_ptr<const StatementCatalog> sql;
    TextBinder text;
    bool upsertRepeatsValues = false; // Dialect::upsertRepeatsValues()

    [[nodiscard]] const std::string& operator[](std::string_view name) const { return (*sql)[name]; }
};

// The statement set `Set` of the session of `tx`, made with Set(session, ctx) on its first use there
// and prepared from then on (PreparedStatement.h).
template <typename Set>
Set& preparedSet(Transaction& tx, const SqlContext& ctx) {
    return tx.prepared().get<Set>([&tx, &ctx] { return std::make_shared<Set>(tx.session(), ctx); });
}

// Reads whole the values of `rows` that MySQL cut (repository/rows/LongTexts.h, which defines it).
template <typename Row, typename Context>
void completeLongTexts(Transaction& tx, const Context& ctx, std::vector<Row>& rows);

// The rows of catalog statement `name` with `values`, the statement prepared once in the session of
// `tx` (NamedStatements.h), long texts whole (hasLongText); valid until the same statement runs again
// (the caller may move them out).
template <typename Row>
std::vector<Row>& preparedRows(Transaction& tx, const SqlContext& ctx, const std::string& name,
                               const std::vector<Parameter>& values) {
    auto& rows = tx.prepared()
                     .get<NamedQueries<Row>>(
                         [&tx, &ctx] { return std::make_shared<NamedQueries<Row>>(tx.session(), ctx.text); })
                     .run(name, ctx[name], values);
    if constexpr (hasLongText<Row>()) {
        completeLongTexts(tx, ctx, rows);
    }
    return rows;
}

// Runs catalog statement `name` (no rows) with `values` the same way; the number of rows it changed.
inline std::size_t preparedRun(Transaction& tx, const SqlContext& ctx, const std::string& name,
                               const std::vector<Parameter>& values) {
    return tx.prepared()
        .get<NamedCommands>([&tx, &ctx] { return std::make_shared<NamedCommands>(tx.session(), ctx.text); })
        .run(name, ctx[name], values);
}

// Refuses the writer's work (InfraError::Reason::Fenced, `operation` named) unless `fence` is
// unfenced or holds the epoch of the pipeline's WRITER_LEASE row, which it reads under a shared row
// lock held to the end of `tx`: a take-over (exclusive lock, epoch + 1) either waits for `tx` or has
// committed before it, so `tx` never commits after its writer was replaced (WriterFence.h).
void checkFence(Transaction& tx, const SqlContext& ctx, const WriterFence& fence,
                const std::string& operation);

// What every repository of the own store works with.
struct StoreContext {
    std::shared_ptr<SessionPool> pool;
    std::shared_ptr<const Dialect> dialect;
    SqlContext statements;
    const Clock* clock;
    std::shared_ptr<WriterFence> fence; // the handle's fencing token (WriterLease::fence())

    [[nodiscard]] Timestamp now() const { return clock->now(); }

    // pool->transact for a transaction of the writer's work: checkFence first, in the same transaction.
    template <typename Work>
    auto writerTransact(std::string operation, Work work) const {
        auto fenced = [ctx = statements, fence = fence, operation,
                       w = std::move(work)](Transaction& tx) mutable {
            checkFence(tx, ctx, *fence, operation);
            return w(tx);
        };
        return pool->transact(std::move(operation), std::move(fenced));
    }
};

} // namespace msgx::storage
