#include "repository/flights/SqlFlightRepository.h"

#include "repository/rows/IdChunks.h"
#include "repository/rows/LongTexts.h"
#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

#include <map>

namespace msgx::storage {
namespace {

// One FLIGHT row as read with flightColumns() (FlightStatements.cpp).
struct FlightRow {
    static constexpr const char* kWholeTexts = "flight.whole-attributes"; // LongTexts.h
    Poco::Int64 flid = 0;
    Poco::Nullable<std::string> ffid;
    Poco::Nullable<std::string> alcd;
    Poco::Nullable<std::string> flno;
    Poco::Nullable<std::string> mvin;
    Poco::Nullable<Poco::Int64> sodt;
    Poco::Nullable<Poco::Int64> maid;
    Poco::Nullable<Poco::Int64> linkFlid;
    int deleted = 0;
    Poco::Int64 stateVersion = 0;
    LongText attributes;
    Poco::Int64 createdAt = 0;
    Poco::Int64 updatedAt = 0;

    template <typename F>
    void longTexts(F& f) {
        f(attributes);
    }
    [[nodiscard]] std::vector<Parameter> longTextKey() const { return {Parameter::int64(flid)}; }

    template <typename Columns>
    void columns(Columns& c) {
        c(flid), c(ffid), c(alcd), c(flno), c(mvin), c(sodt), c(maid), c(linkFlid), c(deleted),
            c(stateVersion);
        c(attributes), c(createdAt), c(updatedAt);
    }

    [[nodiscard]] FlightRecord record() const {
        FlightRecord r;
        r.flid = flid;
        r.keys.ffid = optionalOf(ffid);
        r.keys.alcd = optionalOf(alcd);
        r.keys.flno = optionalOf(flno);
        r.keys.mvin = optionalOf(mvin);
        r.keys.sodt = timestampOf(sodt);
        r.keys.maid = optionalOf(maid);
        r.keys.linkFlid = optionalOf(linkFlid);
        r.deleted = deleted != 0;
        r.stateVersion = stateVersion;
        r.attributesJson = attributes.text();
        r.createdAt = timestampOf(createdAt);
        r.updatedAt = timestampOf(updatedAt);
        return r;
    }
};

// One FLIGHT_DETAIL row (flight.details-of, flight.details).
struct FlightDetailRow {
    static constexpr const char* kWholeTexts = "flight.whole-item"; // LongTexts.h
    Poco::Int64 flid = 0;
    std::string list;
    int seq = 0;
    LongText item;

    template <typename F>
    void longTexts(F& f) {
        f(item);
    }
    [[nodiscard]] std::vector<Parameter> longTextKey() const {
        return {Parameter::int64(flid), Parameter::shortText(list), Parameter::integer(seq)};
    }

    template <typename Columns>
    void columns(Columns& c) {
        c(flid), c(list), c(seq), c(item);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::FlightRow)
MSGX_ROW_TYPE_HANDLER(msgx::storage::FlightDetailRow)

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
