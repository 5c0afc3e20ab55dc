#pragma once

#include "msgx/storage/FlightRecord.h"
#include "msgx/storage/Ids.h"
#include "msgx/storage/OutboxEvent.h"
#include "msgx/storage/Timestamp.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace msgx::storage {

// Flights that move to the history together (docs/operations.md "A season of operation"): a master
// with its code-shares and its turnaround partner, each at the STATE_VERSION the sweep checked.
struct HistoryGroup {
    FlightId groupFlid = 0; // the lowest FLID of the group (FLIGHT_HST.GROUP_FLID)
    std::vector<std::pair<FlightId, std::int64_t>> members; // FLID, STATE_VERSION
    std::vector<NewEvent> events; // added to the outbox with the move, in this order (no SOURCE_ID)
};

// What moveToHistory did: every group moved, or none (the group that stopped it named).
struct HistoryMove {
    bool applied = false;
    std::optional<FlightId> conflictGroup; // when !applied: the group whose member was not as checked
    std::string conflict;                  // why, when !applied
};

// The flight history sweep's reads and move (US-15). The pump is the only writer of flight state
// (architecture.md §8), so only the pump calls moveToHistory, between its batches.
class FlightHistory {
public:
    virtual ~FlightHistory() = default;

    // Live flights (FLIGHT rows, deleted ones too) that may be due: scheduled (SODT) and last
    // changed (UPDATED_AT) before `before`, FLID > afterFlid, by FLID, at most `limit`. A range of
    // the SODT index; the caller checks each against its document's best time. A flight without
    // SODT is never a candidate.
    virtual std::vector<FlightId> candidates(Timestamp before, FlightId afterFlid, int limit) = 0;

    // In one transaction: each member of each group copied to FLIGHT_HST (ARCHIVED_AT = now,
    // GROUP_FLID) with its detail rows to FLIGHT_DETAIL_HST, then deleted from FLIGHT and
    // FLIGHT_DETAIL, and the groups' events added to the outbox. All or nothing: a member that is
    // not stored at its version refuses the whole call (nothing written, the group named); a database
    // failure throws InfraError with nothing written, so a flight is never deleted without its history.
    virtual HistoryMove moveToHistory(const std::vector<HistoryGroup>& groups) = 0;
    // history.retention purges FLIGHT_HST and FLIGHT_DETAIL_HST with the other history tables
    // (ArchiveMover::purgeHistoryBefore).
};

} // namespace msgx::storage
