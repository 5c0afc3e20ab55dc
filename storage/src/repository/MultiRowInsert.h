#pragma once

#include "session/PreparedStatement.h"
#include "sql/Values.h"

#include <cstddef>
#include <vector>

// Multi-row INSERTs: rows queued during a commit (or an enqueue) and written `N` per statement where
// the dialect has one (not Oracle 11g), the remainder in smaller statements or one by one.
namespace msgx::storage {

// The parameters of an INSERT of `N` rows: `N` times the parameters of one `Row`, in order.
template <typename Row, int N>
struct MultiRowParameters {
    explicit MultiRowParameters(const TextBinder& text) {
        rows.reserve(N); // never grows: Poco binds the members by reference
        for (int i = 0; i < N; ++i) {
            rows.emplace_back(text);
        }
    }
    std::vector<Row> rows;

    template <typename Use>
    void parameters(Use& use) {
        for (auto& row : rows) {
            row.parameters(use);
        }
    }
};

// Executes `many` (N rows) for queued[next...] while N rows remain; returns the new `next`.
template <typename Queued, typename Row, int N, typename Set>
std::size_t writeRowsBy(const std::vector<Queued>& queued, std::size_t next,
                        PreparedStatement<MultiRowParameters<Row, N>>* many, Set& set) {
    if (many == nullptr) {
        return next;
    }
    for (; queued.size() - next >= static_cast<std::size_t>(N); next += N) {
        for (int i = 0; i < N; ++i) {
            set(many->values.rows[i], queued[next + i]);
        }
        many->execute();
    }
    return next;
}

// Writes `queued` in order: `N` per execution of `many` (null: the dialect has no multi-row
// INSERT) while that many remain, the rest through `one`; `set(row, item)` fills one row's
// parameters from a queued item. Empties `queued`.
template <typename Queued, typename Row, int N, typename Set>
void writeQueuedRows(std::vector<Queued>& queued, PreparedStatement<MultiRowParameters<Row, N>>* many,
                     PreparedStatement<Row>& one, Set set) {
    for (std::size_t next = writeRowsBy(queued, 0, many, set); next < queued.size(); ++next) {
        set(one.values, queued[next]);
        one.execute();
    }
    queued.clear();
}

// The same with a middle size: N per `many`, then M (< N) per `few`, the last < M through `one`, so
// that the remainder of a batch costs at most N/M + M round trips instead of N.
template <typename Queued, typename Row, int N, int M, typename Set>
void writeQueuedRows(std::vector<Queued>& queued, PreparedStatement<MultiRowParameters<Row, N>>* many,
                     PreparedStatement<MultiRowParameters<Row, M>>* few, PreparedStatement<Row>& one,
                     Set set) {
    static_assert(M < N);
    std::size_t next = writeRowsBy(queued, writeRowsBy(queued, 0, many, set), few, set);
    for (; next < queued.size(); ++next) {
        set(one.values, queued[next]);
        one.execute();
    }
    queued.clear();
}

} // namespace msgx::storage
