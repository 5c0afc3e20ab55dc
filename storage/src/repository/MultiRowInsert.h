#pragma once

#include "session/PreparedStatement.h"
#include "sql/Values.h"

#include <cstddef>
#include <vector>

// Multi-row INSERTs of a processing commit: rows queued during the commit and written `N` per
// statement where the dialect has one (not Oracle 11g), the remainder one by one.
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

// Writes `queued` in order: `N` per execution of `many` (null: the dialect has no multi-row
// INSERT) while that many remain, the rest through `one`; `set(row, item)` fills one row's
// parameters from a queued item. Empties `queued`.
template <typename Queued, typename Row, int N, typename Set>
void writeQueuedRows(std::vector<Queued>& queued, PreparedStatement<MultiRowParameters<Row, N>>* many,
                     PreparedStatement<Row>& one, Set set) {
    std::size_t next = 0;
    if (many != nullptr) {
        for (; queued.size() - next >= static_cast<std::size_t>(N); next += N) {
            for (int i = 0; i < N; ++i) {
                set(many->values.rows[i], queued[next + i]);
            }
            many->execute();
        }
    }
    for (; next < queued.size(); ++next) {
        set(one.values, queued[next]);
        one.execute();
    }
    queued.clear();
}

} // namespace msgx::storage
