#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/FlightsConfig.h"
#include "msgx/storage/OwnStore.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>

namespace msgx::config {
struct Config;
} // namespace msgx::config

namespace msgx::pipeline {

// What the flight history takes of the configuration (flights.*).
struct FlightHistorySettings {
    config::FlightsConfig flights;

    static FlightHistorySettings of(const config::Config& config);
    [[nodiscard]] bool enabled() const { return flights.historyAfter.has_value(); }
};

// What one batch of a sweep did.
struct SweepBatch {
    int moved = 0;         // flights moved to the history
    int kept = 0;          // candidates left live: not due by their document, or a group member not due
    int failed = 0;        // flights whose move failed (logged; tried again at the next run)
    bool finished = false; // the run has no candidate left
};

// The flight history sweep (US-15; docs/operations.md "A season of operation"). A run starts at
// archive.at (and when msgxd becomes the writer, so that a run a crash cut short is finished) with
// the cutoff now - flights.history-after, and walks the candidates (FlightHistory::candidates: SODT
// and last change before the cutoff) by FLID in bounded batches. A flight is due when, besides, its
// best time (actualTime, else estimatedTime, else scheduledTime of its document) is before the
// cutoff. A flight moves with its group: its master, the master's code-shares and each one's
// turnaround partner (MAID and LINK_FLID, followed both ways); the group moves only when every
// member is due, else all of it stays. Each batch is one transaction (FlightHistory::moveToHistory)
// with, per flight, a `flight-to-history` event for `msg` and one for `schd` (a tombstone there).
// A group whose move fails is left whole in the live tables, logged and counted, and the run goes
// on with the others; the next run tries it again.
//
// The pump runs it between its batches (it is the only writer of flight state, architecture.md §8),
// and forgets what its flight view holds after each batch that moved flights. One thread.
class FlightHistorySweep {
public:
    static constexpr int kCandidatesPerBatch = 200;
    // A group larger than this is left live (logged): a chain of turnaround links this long is
    // a data problem, not a season.
    static constexpr std::size_t kMaxGroupSize = 64;

    FlightHistorySweep(storage::OwnStore& store, const Clock& clock, FlightHistorySettings settings);

    // Starts a run from the first FLID with the cutoff of now (a run in progress starts over).
    // Does nothing when flights.history-after is off.
    void start();
    [[nodiscard]] bool running() const { return cutoff_.has_value(); }

    // One batch of the run in progress (nothing when none). Throws storage::InfraError when the
    // store is unavailable: nothing of that batch was moved, and the next call tries it again.
    SweepBatch runBatch();

private:
    struct Flight;
    struct Candidates;
    [[nodiscard]] bool due(const storage::FlightRecord& record) const;
    Candidates readGroups(const std::vector<storage::FlightId>& ids);
    // Moves `groups` in one transaction; when one is refused or fails for its data, each group on
    // its own, so that one bad flight never blocks the rest.
    void move(std::vector<storage::HistoryGroup> groups, SweepBatch& batch);
    void finishRun();

    storage::OwnStore& store_;
    const Clock& clock_;
    const FlightHistorySettings settings_;
    std::optional<storage::Timestamp> cutoff_; // of the run in progress
    std::string cutoffText_;                   // cutoff_ as the documents write times (formatUtc)
    storage::FlightId after_ = 0;              // the run's progress
    std::set<storage::FlightId> settled_;      // this run: kept or failed (a later candidate's group)
    SweepBatch total_;                         // this run
};

} // namespace msgx::pipeline
