#pragma once

#include "msgx/storage/FlightRepository.h"
#include "repository/rows/StoreContext.h"

namespace msgx::storage {

class SqlFlightRepository final : public FlightRepository {
public:
    explicit SqlFlightRepository(StoreContext context) : ctx_(std::move(context)) {}

    std::optional<FlightRecord> byFlid(FlightId flid) override;
    std::vector<FlightRecord> sharedFlightsOf(FlightId master) override;
    std::vector<FlightRecord> linkingTo(FlightId flid) override;
    std::vector<DetailList> detailLists(FlightId flid) override;
    std::vector<FlightId> liveMasterFlids(FlightId afterFlid, int limit) override;
    std::vector<std::pair<FlightRecord, std::vector<DetailList>>>
    byFlids(const std::vector<FlightId>& flids) override;
    std::vector<std::pair<FlightRecord, std::vector<DetailList>>>
    byFlidsWithRelated(const std::vector<FlightId>& flids, const std::vector<FlightId>& relatedTo) override;
    std::vector<std::pair<FlightRecord, std::vector<DetailList>>>
    historyGroupsOf(const std::vector<FlightId>& flids, Timestamp movedSince) override;

private:
    std::vector<FlightRecord> select(const char* statement, FlightId key, const std::string& operation);

    StoreContext ctx_;
};

} // namespace msgx::storage
