#include "repository/flights/SqlFlightHistory.h"

#include "repository/archive/HistoryCounts.h"
#include "repository/processing/CommitStatements.h"
#include "repository/processing/StateCounts.h"
#include "sql/RowMapping.h"

#include <memory>

namespace msgx::storage {

using namespace Poco::Data::Keywords;

std::vector<FlightId> SqlFlightHistory::candidates(Timestamp before, FlightId afterFlid, int limit) {
    if (limit <= 0) {
        return {};
    }
    return ctx_.pool->transact(
        "store: read the flights due to the history after " + std::to_string(afterFlid),
        [ctx = ctx_.statements, before, afterFlid, limit](Transaction& tx) {
            std::vector<Poco::Int64> rows;
            tx.session() << ctx["flight-history.candidates"], bindMicros(before), bindMicros(before),
                bindInt64(afterFlid), bindInt(limit), into(rows), now;
            return std::vector<FlightId>(rows.begin(), rows.end());
        });
}

HistoryMove SqlFlightHistory::moveToHistory(const std::vector<HistoryGroup>& groups) {
    if (groups.empty()) {
        return {true, std::nullopt, {}};
    }
    std::size_t flights = 0;
    for (const auto& group : groups) {
        flights += group.members.size();
    }
    const Timestamp stamp = ctx_.now();
    const bool keepCounts = keepsHistoryCounts(*ctx_.dialect);
    return ctx_.writerTransact(
        "store: move " + std::to_string(flights) + " flights to the history",
        [ctx = ctx_.statements, groups = std::make_shared<const std::vector<HistoryGroup>>(groups), stamp,
         keepCounts](Transaction& tx) {
            auto& statements = CommitStatements::of(tx, ctx);
            statements.beginTransaction();
            StateCountChanges counts;
            std::int64_t flightRows = 0;
            std::int64_t detailRows = 0;
            const Parameter moved = Parameter::micros(stamp);
            for (const HistoryGroup& group : *groups) {
                for (const auto& [flid, version] : group.members) {
                    const Parameter key = Parameter::int64(flid);
                    std::vector<Poco::Int64> stored;
                    tx.session() << ctx["flight-history.lock-version"], bindInt64(flid), into(stored), now;
                    if (stored.size() != 1 || stored.front() != version) {
                        tx.rollbackOnly();
                        return HistoryMove{false, group.groupFlid,
                                           "FLIGHT " + std::to_string(flid) + " is " +
                                               (stored.empty()
                                                    ? std::string("gone")
                                                    : "at version " + std::to_string(stored.front())) +
                                               ", the sweep checked version " + std::to_string(version)};
                    }
                    preparedRun(tx, ctx, "flight-history.copy-flight",
                                {moved, Parameter::int64(group.groupFlid), key});
                    ++flightRows;
                    detailRows += static_cast<std::int64_t>(
                        preparedRun(tx, ctx, "flight-history.copy-details", {moved, key}));
                    preparedRun(tx, ctx, "flight.delete-all-lists", {key});
                    preparedRun(tx, ctx, "flight-history.delete-flight", {key});
                }
                for (const NewEvent& event : group.events) {
                    statements.addEvent(event, std::nullopt, stamp);
                    counts.events(event.target, 1);
                }
            }
            statements.writeEvents();
            if (keepCounts) {
                addHistoryRows(tx, ctx, "FLIGHT_HST", flightRows);
                addHistoryRows(tx, ctx, "FLIGHT_DETAIL_HST", detailRows);
            }
            counts.write(tx, ctx);
            return HistoryMove{true, std::nullopt, {}};
        });
}

} // namespace msgx::storage
