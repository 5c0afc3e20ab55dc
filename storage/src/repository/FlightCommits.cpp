#include "repository/CommitStatements.h"
#include "repository/FlightCommitParameters.h"
#include "repository/IdChunks.h"

#include <algorithm>

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
        writeFlights(); // a flight inserted earlier in this transaction exists before it is deleted
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
        queuedFlights_.push_back({write.flid, write.keys, write.attributesJson, micros});
        writtenVersions_[write.flid] = 1;
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
    if (!fresh) {
        if (queuedLists_.contains({flid, list.name})) {
            writeItems(); // a queued row of this list must not survive its delete
        }
        deleteList_->values.flid = flid;
        deleteList_->values.list.set(list.name);
        deleteList_->execute();
    }
    int seq = 0;
    for (const auto& json : list.itemsJson) {
        queuedItems_.push_back({flid, list.name, seq++, json});
    }
    if (!list.itemsJson.empty()) {
        queuedLists_.emplace(flid, list.name);
    }
}

void CommitStatements::writeFlights() {
    writeQueuedRows(queuedFlights_, flightInsertMany_.get(), *flightInsert_,
                    [](FlightInsert& v, const QueuedFlight& queued) {
                        v.flid = queued.flid;
                        v.keys.set(queued.keys);
                        v.deleted = 0;
                        v.version = 1;
                        v.attributes.set(queued.attributesJson);
                        v.createdAt = queued.micros;
                        v.updatedAt = queued.micros;
                    });
}

void CommitStatements::writeItems() {
    queuedLists_.clear();
    writeQueuedRows(queuedItems_, insertItemMany_.get(), insertItemFew_.get(), *insertItem_,
                    [](ListItem& row, const QueuedItem& queued) {
                        row.flid = queued.flid;
                        row.list.set(queued.list);
                        row.seq = queued.seq;
                        row.item.set(queued.json);
                    });
}

} // namespace msgx::storage
