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
        flightDelete_->values.version = *current + 1;
        flightDelete_->values.updatedAt = micros;
        flightDelete_->values.flid = write.flid;
        flightDelete_->execute();
        deleteAllLists_->values.key = write.flid;
        deleteAllLists_->execute();
        return std::nullopt;
    }
    if (!current) {
        auto& v = flightInsert_->values;
        v.flid = write.flid;
        v.keys.set(write.keys);
        v.deleted = 0;
        v.version = 1;
        v.attributes.set(write.attributesJson);
        v.createdAt = micros;
        v.updatedAt = micros;
        flightInsert_->execute();
        writtenVersions_[write.flid] = 1;
    } else {
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
        replaceList(write.flid, list);
    }
    return std::nullopt;
}

void CommitStatements::replaceList(FlightId flid, const DetailList& list) {
    deleteList_->values.flid = flid;
    deleteList_->values.list.set(list.name);
    deleteList_->execute();
    auto& item = insertItem_->values;
    item.flid = flid;
    item.list.set(list.name);
    item.seq = 0;
    for (const auto& json : list.itemsJson) {
        item.item.set(json);
        insertItem_->execute();
        ++item.seq;
    }
}

} // namespace msgx::storage
