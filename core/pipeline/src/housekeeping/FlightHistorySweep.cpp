#include "msgx/pipeline/housekeeping/FlightHistorySweep.h"

#include "msgx/config/Config.h"
#include "msgx/json/JsonValue.h"
#include "msgx/log/Log.h"
#include "msgx/metrics/Metrics.h"
#include "msgx/pipeline/pump/EventPayloads.h"
#include "msgx/pipeline/pump/FlightStoreMapping.h"
#include "msgx/sdk/UtcTime.h"
#include "msgx/storage/InfraError.h"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <string_view>

namespace msgx::pipeline {

FlightHistorySettings FlightHistorySettings::of(const config::Config& config) {
    return FlightHistorySettings{config.flights};
}

namespace {

// The times of a flight document in the order "best time" takes them (docs/spec/flight-model.md:
// ATA/ATD, ETA/ETD, STA/STD of the flight's own movement).
constexpr std::array<std::string_view, 3> kBestTimes{"actualTime", "estimatedTime",
                                                     sdk::attr::kScheduledTime};

// A failure of the move that another try will not cure: a value or a key the database refuses
// (a history row already there); anything else is the store being unavailable.
bool refusedForItsData(const storage::InfraError& error) {
    using Reason = storage::InfraError::Reason;
    return error.reason() == Reason::ValueTooLong || error.reason() == Reason::Constraint ||
           (error.sqlState() &&
            (error.sqlState()->rfind("22", 0) == 0 || error.sqlState()->rfind("23", 0) == 0));
}

} // namespace

// A live flight the batch read, and its group's representative (union-find over MAID and LINK_FLID).
struct FlightHistorySweep::Flight {
    storage::FlightRecord record;
    storage::FlightId parent = 0;
};

// The flights of a batch's candidates and of their groups, and the groups.
struct FlightHistorySweep::Candidates {
    std::map<storage::FlightId, Flight> flights;
    std::map<storage::FlightId, std::vector<storage::FlightId>> groups; // lowest FLID -> members
};

FlightHistorySweep::FlightHistorySweep(storage::OwnStore& store, const Clock& clock,
                                       FlightHistorySettings settings)
    : store_(store), clock_(clock), settings_(std::move(settings)) {}

void FlightHistorySweep::start() {
    if (!settings_.enabled()) {
        return;
    }
    cutoff_ = clock_.now() - std::chrono::duration_cast<Clock::duration>(*settings_.flights.historyAfter);
    cutoffText_ = sdk::formatUtc(*cutoff_);
    after_ = 0;
    settled_.clear();
    total_ = {};
}

bool FlightHistorySweep::due(const storage::FlightRecord& record) const {
    if (record.updatedAt >= *cutoff_ || !record.keys.sodt || *record.keys.sodt >= *cutoff_) {
        return false;
    }
    const sdk::FlightDocument document = documentFromStore(record, {});
    for (const std::string_view name : kBestTimes) {
        if (const auto time = document.text(name)) {
            return *time < cutoffText_; // ISO 8601 UTC text: the same order as the instants
        }
    }
    return true; // no time in the document: its SODT decided
}

FlightHistorySweep::Candidates FlightHistorySweep::readGroups(const std::vector<storage::FlightId>& ids) {
    Candidates read;
    std::set<storage::FlightId> asked; // whose code-shares and linking flights were read
    std::vector<storage::FlightId> wanted(ids);
    // Reads until every flight held had its relations read and every flight it names is held.
    while (!wanted.empty() && read.flights.size() <= kMaxGroupSize * ids.size()) {
        for (auto& [record, lists] : store_.flights().byFlidsWithRelated(wanted, wanted)) {
            const storage::FlightId flid = record.flid;
            read.flights.try_emplace(flid, Flight{std::move(record), flid});
        }
        asked.insert(wanted.begin(), wanted.end());
        wanted.clear();
        for (const auto& [flid, flight] : read.flights) {
            for (const auto& named :
                 {std::optional(flid), flight.record.keys.maid, flight.record.keys.linkFlid}) {
                if (named && !asked.contains(*named)) {
                    asked.insert(*named);
                    wanted.push_back(*named);
                }
            }
        }
    }
    const std::function<storage::FlightId(storage::FlightId)> root = [&](storage::FlightId flid) {
        storage::FlightId& parent = read.flights.at(flid).parent;
        if (parent != flid) {
            parent = root(parent);
        }
        return parent;
    };
    for (const auto& [flid, flight] : read.flights) {
        for (const auto& named : {flight.record.keys.maid, flight.record.keys.linkFlid}) {
            if (named && read.flights.contains(*named)) {
                const auto a = root(flid);
                const auto b = root(*named);
                read.flights.at(std::max(a, b)).parent = std::min(a, b);
            }
        }
    }
    for (const auto& [flid, flight] : read.flights) {
        read.groups[root(flid)].push_back(flid);
    }
    return read;
}

SweepBatch FlightHistorySweep::runBatch() {
    SweepBatch batch;
    if (!cutoff_) {
        batch.finished = true;
        return batch;
    }
    const auto ids = store_.flightHistory().candidates(*cutoff_, after_, kCandidatesPerBatch);
    if (ids.empty()) {
        finishRun();
        batch.finished = true;
        return batch;
    }
    Candidates read = readGroups(ids);
    std::vector<storage::HistoryGroup> groups;
    std::set<storage::FlightId> grouped;
    for (const storage::FlightId id : ids) {
        const auto found = read.flights.find(id);
        if (found == read.flights.end() || settled_.contains(id) || grouped.contains(id)) {
            continue; // moved by an earlier group of this run, or settled
        }
        const auto& members =
            read.groups.at(found->second.parent); // the root: readGroups compressed the paths
        grouped.insert(members.begin(), members.end());
        bool allDue = members.size() <= kMaxGroupSize;
        for (const storage::FlightId member : members) {
            try {
                allDue = allDue && due(read.flights.at(member).record);
            } catch (const json::JsonError& e) {
                log::error("flight history: flight {} stays live, its stored document is unreadable: {}",
                           member, e.what());
                allDue = false;
                ++batch.failed;
            }
        }
        if (!allDue) {
            settled_.insert(members.begin(), members.end());
            batch.kept += static_cast<int>(members.size());
            continue;
        }
        storage::HistoryGroup group;
        group.groupFlid = members.front(); // read.groups lists them by FLID
        for (const storage::FlightId member : members) {
            group.members.emplace_back(member, read.flights.at(member).record.stateVersion);
            group.events.push_back({"msg", member, flightToHistoryPayload(member)});
            group.events.push_back({"schd", member, flightToHistoryPayload(member)});
        }
        groups.push_back(std::move(group));
    }
    move(std::move(groups), batch);
    after_ = ids.back();
    total_.moved += batch.moved;
    total_.kept += batch.kept;
    total_.failed += batch.failed;
    metrics::Metrics::process().flightHistory(batch.moved, batch.failed);
    return batch;
}

void FlightHistorySweep::move(std::vector<storage::HistoryGroup> groups, SweepBatch& batch) {
    const auto size = [](const storage::HistoryGroup& group) {
        return static_cast<int>(group.members.size());
    };
    const auto failed = [&](const storage::HistoryGroup& group, const std::string& why) {
        log::error(
            "flight history: flights {}..{} ({}) stay live, their move failed: {}; tried again at the next "
            "run",
            group.members.front().first, group.members.back().first, group.members.size(), why);
        batch.failed += size(group);
        for (const auto& [flid, version] : group.members) {
            settled_.insert(flid);
        }
    };
    if (groups.empty()) {
        return;
    }
    try {
        const auto moved = store_.flightHistory().moveToHistory(groups);
        if (moved.applied) {
            for (const auto& group : groups) {
                batch.moved += size(group);
            }
            return;
        }
    } catch (const storage::InfraError& e) {
        if (!refusedForItsData(e)) {
            throw; // the store is unavailable: nothing moved, the batch is tried again
        }
    }
    // One group on its own per transaction: the ones that move, move; the others are named.
    for (const auto& group : groups) {
        try {
            const auto moved = store_.flightHistory().moveToHistory({group});
            if (moved.applied) {
                batch.moved += size(group);
            } else {
                failed(group, moved.conflict);
            }
        } catch (const storage::InfraError& e) {
            if (!refusedForItsData(e)) {
                throw;
            }
            failed(group, e.what());
        }
    }
}

void FlightHistorySweep::finishRun() {
    log::info("flight history: moved {} flights out of the live set, kept {} (not due, or a group member not "
              "due), {} failed",
              total_.moved, total_.kept, total_.failed);
    cutoff_.reset();
    settled_.clear();
}

} // namespace msgx::pipeline
