#include "repository/flights/SqlFlightRepository.h"

#include "repository/flights/FlightRows.h"
#include "repository/rows/IdChunks.h"
#include "repository/rows/LongTexts.h"
#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

#include <algorithm>
#include <map>
#include <set>

namespace msgx::storage {

using namespace Poco::Data::Keywords;

namespace {

// The rows of catalog statement `name`, whose only parameters are one IN list of kIdsPerStatement
// ids (`chunk`, IdChunks.h): prepared once per session like every look-up here.
template <typename Row>
std::vector<Row>& rowsForIds(Transaction& tx, const SqlContext& ctx, const char* name,
                             const std::vector<std::int64_t>& chunk) {
    return preparedRows<Row>(tx, ctx, name, idParameters(chunk));
}

} // namespace

std::vector<FlightRecord> SqlFlightRepository::select(const char* statement, FlightId key,
                                                      const std::string& operation) {
    return ctx_.pool->transact(operation, [ctx = ctx_.statements, statement, key](Transaction& tx) {
        const auto& rows = preparedRows<FlightRow>(tx, ctx, statement, {Parameter::int64(key)});
        std::vector<FlightRecord> records;
        records.reserve(rows.size());
        for (const auto& row : rows) {
            records.push_back(row.record());
        }
        return records;
    });
}

std::optional<FlightRecord> SqlFlightRepository::byFlid(FlightId flid) {
    auto records = select("flight.by-flid", flid, "store: read flight " + std::to_string(flid));
    return records.empty() ? std::nullopt : std::optional(std::move(records.front()));
}

std::vector<FlightRecord> SqlFlightRepository::sharedFlightsOf(FlightId master) {
    return select("flight.shared-of", master, "store: read the shared flights of " + std::to_string(master));
}

std::vector<FlightRecord> SqlFlightRepository::linkingTo(FlightId flid) {
    return select("flight.linking-to", flid, "store: read the flights linking to " + std::to_string(flid));
}

std::vector<FlightId> SqlFlightRepository::liveMasterFlids(FlightId afterFlid, int limit) {
    if (limit <= 0) {
        return {};
    }
    return ctx_.pool->transact("store: read the live master flights after " + std::to_string(afterFlid),
                               [ctx = ctx_.statements, afterFlid, limit](Transaction& tx) {
                                   std::vector<Poco::Int64> rows;
                                   tx.session() << ctx["flight.live-master-flids"], bindInt64(afterFlid),
                                       bindInt(limit), into(rows), now;
                                   return std::vector<FlightId>(rows.begin(), rows.end());
                               });
}

std::vector<std::pair<FlightRecord, std::vector<DetailList>>>
SqlFlightRepository::byFlids(const std::vector<FlightId>& flids) {
    return byFlidsWithRelated(flids, {});
}

std::vector<std::pair<FlightRecord, std::vector<DetailList>>>
SqlFlightRepository::byFlidsWithRelated(const std::vector<FlightId>& flids,
                                        const std::vector<FlightId>& relatedTo) {
    if (flids.empty() && relatedTo.empty()) {
        return {};
    }
    const FlightId first = flids.empty() ? relatedTo.front() : flids.front();
    return ctx_.pool->transact(
        "store: read " + std::to_string(flids.size()) + " flights from " + std::to_string(first) +
            (relatedTo.empty() ? std::string()
                               : " and the flights related to " + std::to_string(relatedTo.size())),
        [ctx = ctx_.statements, flids, relatedTo](Transaction& tx) {
            std::vector<std::pair<FlightRecord, std::vector<DetailList>>> found;
            std::map<FlightId, std::size_t> index;
            std::vector<std::int64_t> live;
            const auto take = [&](const FlightRow& row) {
                if (!index.emplace(row.flid, found.size()).second) {
                    return; // asked for and related, or related twice
                }
                found.emplace_back(row.record(), std::vector<DetailList>{});
                if (row.deleted == 0) {
                    live.push_back(row.flid);
                }
            };
            for (const auto& chunk : idChunks(flids)) {
                for (const auto& row : rowsForIds<FlightRow>(tx, ctx, "flight.by-flids", chunk)) {
                    take(row);
                }
            }
            for (const auto& chunk : idChunks(relatedTo)) {
                std::vector<Parameter> parameters = idParameters(chunk); // MAID IN (…)
                const std::vector<Parameter> links = parameters;         // LINK_FLID IN (…)
                parameters.insert(parameters.end(), links.begin(), links.end());
                for (const auto& row : preparedRows<FlightRow>(tx, ctx, "flight.related-to", parameters)) {
                    take(row);
                }
            }
            for (const auto& chunk : idChunks(live)) {
                for (auto& row : rowsForIds<FlightDetailRow>(tx, ctx, "flight.details-of", chunk)) {
                    auto& lists = found[index.at(row.flid)].second;
                    if (lists.empty() || lists.back().name != row.list) {
                        lists.push_back({row.list, {}});
                    }
                    lists.back().itemsJson.push_back(row.item.takeText());
                }
            }
            return found;
        });
}

namespace {

// A history row's FLID and group (flight-history.groups-of).
struct HistoryGroupOfRow {
    Poco::Int64 flid = 0;
    Poco::Int64 groupFlid = 0;
    Poco::Int64 movedAt = 0;

    template <typename Columns>
    void columns(Columns& c) {
        c(flid), c(groupFlid), c(movedAt);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::HistoryGroupOfRow)

namespace msgx::storage {

std::vector<std::pair<FlightRecord, std::vector<DetailList>>>
SqlFlightRepository::historyGroupsOf(const std::vector<FlightId>& flids, Timestamp movedSince) {
    if (flids.empty()) {
        return {};
    }
    return ctx_.pool->transact(
        "store: read the history of " + std::to_string(flids.size()) + " flights from " +
            std::to_string(flids.front()),
        [ctx = ctx_.statements, flids, movedSince](Transaction& tx) {
            // Per FLID its latest group moved since movedSince; each group once.
            std::map<FlightId, std::pair<Poco::Int64, Poco::Int64>> latest; // FLID -> (moved, group)
            for (const auto& chunk : idChunks(flids)) {
                std::vector<Parameter> parameters = idParameters(chunk);
                parameters.push_back(Parameter::micros(movedSince));
                for (const auto& row :
                     preparedRows<HistoryGroupOfRow>(tx, ctx, "flight-history.groups-of", parameters)) {
                    auto& kept = latest[row.flid];
                    kept = std::max(kept, std::pair(row.movedAt, row.groupFlid));
                }
            }
            std::set<std::pair<Poco::Int64, Poco::Int64>> groups;
            for (const auto& [flid, key] : latest) {
                groups.insert(key);
            }
            // A FLID in two groups read here (created again after the horizon, and a member of an
            // older group another FLID named) is taken from the later one.
            std::map<FlightId, std::pair<FlightRecord, std::vector<DetailList>>> found;
            for (auto group = groups.rbegin(); group != groups.rend(); ++group) {
                const Parameter moved = Parameter::int64(group->first);
                const Parameter groupFlid = Parameter::int64(group->second);
                std::map<FlightId, std::vector<DetailList>> lists;
                for (auto& row : preparedRows<FlightHistoryDetailRow>(tx, ctx, "flight-history.group-details",
                                                                      {moved, groupFlid, moved})) {
                    auto& of = lists[row.flid];
                    if (of.empty() || of.back().name != row.list) {
                        of.push_back({row.list, {}});
                    }
                    of.back().itemsJson.push_back(row.item.takeText());
                }
                for (const auto& row :
                     preparedRows<FlightHistoryRow>(tx, ctx, "flight-history.group", {groupFlid, moved})) {
                    if (found.contains(row.flight.flid)) {
                        continue;
                    }
                    auto record = row.record();
                    auto details = record.deleted ? std::vector<DetailList>{} : std::move(lists[record.flid]);
                    found.emplace(record.flid, std::pair(std::move(record), std::move(details)));
                }
            }
            std::vector<std::pair<FlightRecord, std::vector<DetailList>>> result;
            result.reserve(found.size());
            for (auto& [flid, flight] : found) {
                result.push_back(std::move(flight));
            }
            return result;
        });
}

std::vector<DetailList> SqlFlightRepository::detailLists(FlightId flid) {
    return ctx_.pool->transact("store: read the detail lists of " + std::to_string(flid),
                               [ctx = ctx_.statements, flid](Transaction& tx) {
                                   auto& rows = preparedRows<FlightDetailRow>(tx, ctx, "flight.details",
                                                                              {Parameter::int64(flid)});
                                   std::vector<DetailList> lists;
                                   for (auto& row : rows) {
                                       if (lists.empty() || lists.back().name != row.list) {
                                           lists.push_back({row.list, {}});
                                       }
                                       lists.back().itemsJson.push_back(row.item.takeText());
                                   }
                                   return lists;
                               });
}

} // namespace msgx::storage
