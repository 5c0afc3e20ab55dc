#pragma once

#include "msgx/clock/Clock.h"
#include "session/SessionPool.h"
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

// What every repository of the own store works with.
struct StoreContext {
    std::shared_ptr<SessionPool> pool;
    std::shared_ptr<const Dialect> dialect;
    SqlContext statements;
    const Clock* clock;

    [[nodiscard]] Timestamp now() const { return clock->now(); }
};

} // namespace msgx::storage
