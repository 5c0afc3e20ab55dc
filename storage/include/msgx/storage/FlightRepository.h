#pragma once

#include "msgx/storage/FlightRecord.h"
#include "msgx/storage/Timestamp.h"

#include <optional>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

namespace msgx::storage {

// Reads of the flight state (FLIGHT, FLIGHT_DETAIL) by typed, indexed columns; never by scanning
// the JSON attributes. Writes go through ProcessingQueue::commit.
class FlightRepository {
public:
    virtual ~FlightRepository() = default;
    // The flight, also when it is marked deleted (its version is needed to create it again).
    virtual std::optional<FlightRecord> byFlid(FlightId flid) = 0;
    // The shared (code-share) flights whose master is `master` (MAID), not deleted, by FLID.
    virtual std::vector<FlightRecord> sharedFlightsOf(FlightId master) = 0;
    // The flights whose turnaround link points at `flid` (LINK_FLID), not deleted, by FLID.
    virtual std::vector<FlightRecord> linkingTo(FlightId flid) = 0;
    // The detail lists of a flight, by list name, items in order.
    virtual std::vector<DetailList> detailLists(FlightId flid) = 0;

    // The live master flights (`GET /all/flights`, US-12): FLIDs of the flights that are not deleted
    // and not shared (MAID null), with FLID > afterFlid, ascending, at most `limit` (none for
    // limit <= 0). One statement walking the primary key, so a caller pages with the last FLID.
    // The SQL repository implements it; this default throws std::logic_error and exists only so that
    // test doubles of the other reads need not implement it.
    virtual std::vector<FlightId> liveMasterFlids(FlightId afterFlid, int limit) {
        (void)afterFlid;
        (void)limit;
        throw std::logic_error("FlightRepository::liveMasterFlids is not implemented by this repository");
    }

    // byFlid and detailLists for many flights at once (a snapshot names thousands): the stored
    // flights among `flids` (also those marked deleted), each with the detail lists of a flight not
    // deleted; a FLID not stored is absent from the result. This default asks one by one; the SQL
    // repository reads them a chunk of ids per round trip.
    virtual std::vector<std::pair<FlightRecord, std::vector<DetailList>>>
    byFlids(const std::vector<FlightId>& flids) {
        std::vector<std::pair<FlightRecord, std::vector<DetailList>>> found;
        for (const FlightId flid : flids) {
            if (auto record = byFlid(flid)) {
                auto lists = record->deleted ? std::vector<DetailList>{} : detailLists(flid);
                found.emplace_back(std::move(*record), std::move(lists));
            }
        }
        return found;
    }

    // byFlids of `flids`, and with them every flight not deleted whose master (MAID) or turnaround
    // link (LINK_FLID) is one of `relatedTo` (what sharedFlightsOf and linkingTo answer for each),
    // each flight once, a flight not deleted with its detail lists. The pump asks it once per batch
    // for the flights its messages name, so that a flight met for the first time does not cost its
    // handler a transaction per look-up. This default asks one by one; the SQL repository reads it
    // in one transaction, a chunk of ids per statement.
    virtual std::vector<std::pair<FlightRecord, std::vector<DetailList>>>
    byFlidsWithRelated(const std::vector<FlightId>& flids, const std::vector<FlightId>& relatedTo) {
        auto found = byFlids(flids);
        std::set<FlightId> held;
        for (const auto& flight : found) {
            held.insert(flight.first.flid);
        }
        const auto add = [&](std::vector<FlightRecord> records) {
            for (auto& record : records) {
                if (!held.insert(record.flid).second) {
                    continue;
                }
                auto lists = detailLists(record.flid);
                found.emplace_back(std::move(record), std::move(lists));
            }
        };
        for (const FlightId flid : relatedTo) {
            add(sharedFlightsOf(flid));
            add(linkingTo(flid));
        }
        return found;
    }

    // The flight history groups (FlightHistory.h) that hold any of `flids`, moved there at or after
    // `movedSince` (flights.revive-within): per FLID its latest such group, each group once, every
    // member with its detail lists (none for a deleted one), FlightRecord::movedToHistoryAt set. A
    // FLID with no such group is absent. The pump asks it for the flights a batch names that FLIGHT
    // does not hold, so that a handler sees a flight in the history as it was (and its code-shares
    // and partner with it); writing one brings its group back (FlightWrite::revives). This default
    // knows no history.
    virtual std::vector<std::pair<FlightRecord, std::vector<DetailList>>>
    historyGroupsOf(const std::vector<FlightId>& flids, Timestamp movedSince) {
        (void)flids;
        (void)movedSince;
        return {};
    }
};

} // namespace msgx::storage
