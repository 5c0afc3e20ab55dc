#include "repository/flights/HistoryRevival.h"

#include "repository/archive/HistoryCounts.h"
#include "sql/RowMapping.h"

#include <set>
#include <utility>

namespace msgx::storage {
namespace {

// A history group's key (flight-history.latest-group).
struct HistoryGroupKey {
    Poco::Int64 groupFlid = 0;
    Poco::Int64 movedAt = 0;

    template <typename Columns>
    void columns(Columns& c) {
        c(groupFlid), c(movedAt);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::HistoryGroupKey)

namespace msgx::storage {

void reviveFromHistory(Transaction& tx, const SqlContext& ctx, const std::vector<FlightId>& flids,
                       bool keepCounts) {
    // Every group is found before any moves: once a group left the history, a member's latest row
    // would be an older one of its own.
    std::set<std::pair<Poco::Int64, Poco::Int64>> groups;
    for (const FlightId flid : flids) {
        const auto& latest = preparedRows<HistoryGroupKey>(tx, ctx, "flight-history.latest-group",
                                                           {Parameter::int64(flid), Parameter::integer(1)});
        if (!latest.empty()) {
            groups.emplace(latest.front().groupFlid, latest.front().movedAt);
        }
    }
    for (const auto& [groupFlid, movedAt] : groups) {
        const Parameter group = Parameter::int64(groupFlid);
        const Parameter moved = Parameter::int64(movedAt);
        const auto revived =
            static_cast<std::int64_t>(preparedRun(tx, ctx, "flight-history.revive-flights", {group, moved}));
        const auto details = static_cast<std::int64_t>(
            preparedRun(tx, ctx, "flight-history.revive-details", {moved, group, moved}));
        if (keepCounts) {
            addHistoryRows(tx, ctx, "FLIGHT_HST", -revived);
            addHistoryRows(tx, ctx, "FLIGHT_DETAIL_HST", -details);
        }
        preparedRun(tx, ctx, "flight-history.forget-group-details", {moved, group, moved});
        preparedRun(tx, ctx, "flight-history.forget-group", {group, moved});
    }
}

} // namespace msgx::storage
