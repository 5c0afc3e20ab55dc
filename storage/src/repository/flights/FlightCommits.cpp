#include "repository/flights/FlightCommitParameters.h"
#include "repository/processing/CommitStatements.h"
#include "repository/rows/IdChunks.h"

#include <algorithm>
#include <utility>

namespace msgx::storage {

void CommitStatements::lockFlights(const std::vector<FlightId>& flids) {
    std::vector<std::int64_t> missing;
    for (const FlightId flid : flids) {
        if (!lockedVersions_.contains(flid) && !writtenVersions_.contains(flid)) {
            lockedVersions_.emplace(flid, std::nullopt);
            missing.push_back(flid);
        }
    }
    for (const auto& chunk : idChunks(missing)) {
        std::copy(chunk.begin(), chunk.end(), flightVersions_->values.ids.begin());
        for (const auto& row : flightVersions_->execute()) {
            lockedVersions_[row.flid] = row.version;
        }
    }
}

std::optional<std::string> CommitStatements::applyFlightWrite(const FlightWrite& write, Timestamp stamp) {
    std::optional<std::int64_t> current;
    if (const auto known = writtenVersions_.find(write.flid); known != writtenVersions_.end()) {
        current = known->second;
    } else {
        lockFlights({write.flid}); // a no-op when the batch locked its flights up front (commitAll)
        current = lockedVersions_.at(write.flid);
    }
    if (current != write.expectedVersion) {
        const auto text = [](const std::optional<std::int64_t>& v) {
            return v ? "version " + std::to_string(*v) : std::string("absent");
        };
        return "FLIGHT " + std::to_string(write.flid) + " is " + text(current) + ", the decision expected " +
               text(write.expectedVersion);
    }
    const Poco::Int64 micros = toEpochMicros(stamp);
    if (write.kind == FlightWrite::Kind::Delete) {
        if (!current) {
            return std::nullopt; // deleting a flight that is not there changes nothing
        }
        writtenVersions_[write.flid] = *current + 1;
        writeFlights(); // its insert or queued update of this transaction goes before its delete
        flightDelete_->values.version = *current + 1;
        flightDelete_->values.updatedAt = micros;
        flightDelete_->values.flid = write.flid;
        flightDelete_->execute();
        writeItems(); // queued rows of this flight go before its lists do
        deleteAllLists_->values.key = write.flid;
        deleteAllLists_->execute();
        return std::nullopt;
    }
    if (!current) {
        queuedFlights_.push_back({write.flid, write.keys, write.attributesJson, micros, 1});
        writtenVersions_[write.flid] = 1;
    } else if (flightUpdateOne_) {
        queueUpdate({write.flid, write.keys, write.attributesJson, micros, *current + 1});
        writtenVersions_[write.flid] = *current + 1;
    } else {
        writeFlights(); // a flight inserted earlier in this transaction exists before it is updated
        auto& v = flightUpdate_->values;
        v.keys.set(write.keys);
        v.version = *current + 1;
        v.attributes.set(write.attributesJson);
        v.updatedAt = micros;
        v.flid = write.flid;
        flightUpdate_->execute();
        writtenVersions_[write.flid] = *current + 1;
    }
    for (const auto& list : write.lists) {
        replaceList(write.flid, list, !current);
    }
    return std::nullopt;
}

void CommitStatements::replaceList(FlightId flid, const DetailList& list, bool fresh) {
    if (queuedLists_.contains({flid, list.name})) {
        writeItems(); // a queued row of this list must not survive its second replacement
    }
    if (!fresh) {
        if (deleteListMany_) {
            queuedListDeletes_.emplace_back(flid, list.name);
            queuedLists_.emplace(flid, list.name);
        } else {
            deleteList_->values.flid = flid;
            deleteList_->values.list.set(list.name);
            deleteList_->execute();
        }
    }
    int seq = 0;
    for (const auto& json : list.itemsJson) {
        queuedItems_.push_back({flid, list.name, seq++, json});
    }
    if (!list.itemsJson.empty()) {
        queuedLists_.emplace(flid, list.name);
    }
}

void CommitStatements::writeListDeletes() {
    const std::size_t count = queuedListDeletes_.size();
    for (std::size_t first = 0; first < count; first += kListsPerDelete) {
        if (count - first == 1) {
            deleteList_->values.flid = queuedListDeletes_[first].first;
            deleteList_->values.list.set(queuedListDeletes_[first].second);
            deleteList_->execute();
            break;
        }
        for (std::size_t slot = 0; slot < static_cast<std::size_t>(kListsPerDelete); ++slot) {
            const auto& [flid, name] = queuedListDeletes_[repeatingLastRow(first, slot, count)];
            deleteListMany_->values.rows[slot].flid = flid;
            deleteListMany_->values.rows[slot].list.set(name);
        }
        deleteListMany_->execute();
    }
    queuedListDeletes_.clear();
}

void CommitStatements::queueUpdate(QueuedFlight update) {
    if (const auto queued = queuedUpdateAt_.find(update.flid); queued != queuedUpdateAt_.end()) {
        queuedUpdates_[queued->second] = std::move(update); // an update writes every column: the last wins
        return;
    }
    queuedUpdateAt_.emplace(update.flid, queuedUpdates_.size());
    queuedUpdates_.push_back(std::move(update));
}

void CommitStatements::writeFlights() {
    const auto set = [](FlightInsert& v, const QueuedFlight& queued) {
        v.flid = queued.flid;
        v.keys.set(queued.keys);
        v.deleted = 0;
        v.version = queued.version;
        v.attributes.set(queued.attributesJson);
        v.createdAt = queued.micros; // an update keeps the row's CREATED_AT (flight.update-<rows>)
        v.updatedAt = queued.micros;
    };
    // Inserts first: an update may be of a flight this transaction inserted.
    writeQueuedRows(queuedFlights_, flightInsertMany_.get(), *flightInsert_, set);
    if (!queuedUpdates_.empty()) {
        flightUpdates_.write(queuedUpdates_, *flightUpdateOne_, set);
        queuedUpdateAt_.clear();
    }
}

void CommitStatements::writeItems() {
    writeListDeletes(); // before the rows that replace them
    queuedLists_.clear();
    insertItems_.write(queuedItems_, *insertItem_, [](ListItem& row, const QueuedItem& queued) {
        row.flid = queued.flid;
        row.list.set(queued.list);
        row.seq = queued.seq;
        row.item.set(queued.json);
    });
}

} // namespace msgx::storage
