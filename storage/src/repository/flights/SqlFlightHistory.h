#pragma once

#include "msgx/storage/FlightHistory.h"
#include "repository/rows/StoreContext.h"

namespace msgx::storage {

class SqlFlightHistory final : public FlightHistory {
public:
    explicit SqlFlightHistory(StoreContext context) : ctx_(std::move(context)) {}

    std::vector<FlightId> candidates(Timestamp before, FlightId afterFlid, int limit) override;
    HistoryMove moveToHistory(const std::vector<HistoryGroup>& groups) override;

private:
    StoreContext ctx_;
};

} // namespace msgx::storage
