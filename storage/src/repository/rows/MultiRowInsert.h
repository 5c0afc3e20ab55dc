#pragma once

#include "repository/rows/StoreContext.h"
#include "session/PreparedStatement.h"
#include "sql/Values.h"

#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
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

// Executes `one` for queued[next...], then empties `queued`.
template <typename Queued, typename Row, typename Set>
void writeRestOneByOne(std::vector<Queued>& queued, std::size_t next, PreparedStatement<Row>& one, Set& set) {
    for (; next < queued.size(); ++next) {
        set(one.values, queued[next]);
        one.execute();
    }
    queued.clear();
}

// Writes `queued` in order: `N` per execution of `many` (null: the dialect has no multi-row
// INSERT) while that many remain, the rest through `one`; `set(row, item)` fills one row's
// parameters from a queued item. Empties `queued`.
template <typename Queued, typename Row, int N, typename Set>
void writeQueuedRows(std::vector<Queued>& queued, PreparedStatement<MultiRowParameters<Row, N>>* many,
                     PreparedStatement<Row>& one, Set set) {
    writeRestOneByOne(queued, writeRowsBy(queued, 0, many, set), one, set);
}

// The same with a middle size: N per `many`, then M (< N) per `few`, the last < M through `one`, so
// that the remainder of a batch costs at most N/M + M round trips instead of N.
template <typename Queued, typename Row, int N, int M, typename Set>
void writeQueuedRows(std::vector<Queued>& queued, PreparedStatement<MultiRowParameters<Row, N>>* many,
                     PreparedStatement<MultiRowParameters<Row, M>>* few, PreparedStatement<Row>& one,
                     Set set) {
    static_assert(M < N);
    writeRestOneByOne(queued, writeRowsBy(queued, writeRowsBy(queued, 0, many, set), few, set), one, set);
}

// Statement sizes of a MultiRowLadder, largest first, each above one row.
template <std::size_t Count>
using RowSizes = std::array<int, Count>;

// The catalog name of the `rows`-row statement of ladder `name`: "<name>-<rows>".
inline std::string ladderStatementName(const std::string& name, int rows) {
    return name + "-" + std::to_string(rows);
}

// Multi-row statements of every size in `Sizes` for one row type. A queue of n rows is written
// largest size first, each size as often as it fits, the rest one by one: at most one statement per
// size below the largest plus one single row (with 32, 16, 8, 4, 2: 53 rows are 32 + 16 + 4 + 1, four
// round trips, where 10-row statements and singles took eight). The sizes trade a few more prepared
// statements per session for fewer executions, each of which costs CPU on both sides; it did not
// make the commit measurably faster, whose time is the server executing the writes
// (docs/performance.md, 2026-12-06 night).
template <typename Row, auto Sizes>
class MultiRowLadder {
public:
    // Prepares `ladderStatementName(name, size)` of the catalog for every size; none when the
    // catalog has no statement of the largest size (a dialect without multi-row VALUES: then every
    // row goes through the one-row statement).
    MultiRowLadder(Poco::Data::Session& session, const SqlContext& ctx, const std::string& name) {
        static_assert(isDescendingAboveOne(), "ladder sizes go from the largest down, each above one row");
        if (ctx.sql->all().count(ladderStatementName(name, Sizes[0])) != 0) {
            prepare(session, ctx, name, std::make_index_sequence<Sizes.size()>());
        }
    }

    // Writes `queued` in order (see above), `set(row, item)` filling one row's parameters from a
    // queued item; empties `queued`.
    template <typename Queued, typename Set>
    void write(std::vector<Queued>& queued, PreparedStatement<Row>& one, Set set) {
        std::size_t next = 0;
        std::apply(
            [&](auto&... statement) { ((next = writeRowsBy(queued, next, statement.get(), set)), ...); },
            statements_);
        writeRestOneByOne(queued, next, one, set);
    }

private:
    template <std::size_t Index>
    using Statement = PreparedStatement<MultiRowParameters<Row, Sizes[Index]>>;

    static constexpr bool isDescendingAboveOne() {
        for (std::size_t i = 0; i < Sizes.size(); ++i) {
            if (Sizes[i] <= 1 || (i > 0 && Sizes[i] >= Sizes[i - 1])) {
                return false;
            }
        }
        return true;
    }

    template <std::size_t... Index>
    void prepare(Poco::Data::Session& session, const SqlContext& ctx, const std::string& name,
                 std::index_sequence<Index...> /*sizes*/) {
        ((std::get<Index>(statements_) = std::make_unique<Statement<Index>>(
              session, ctx[ladderStatementName(name, Sizes[Index])], ctx.text)),
         ...);
    }

    template <std::size_t... Index>
    static auto tupleOf(std::index_sequence<Index...> /*sizes*/)
        -> std::tuple<std::unique_ptr<Statement<Index>>...>;

    decltype(tupleOf(std::make_index_sequence<Sizes.size()>())) statements_;
};

} // namespace msgx::storage
