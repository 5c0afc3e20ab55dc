#pragma once

#include "msgx/config/Milliseconds.h"

#include <chrono>
#include <optional>

// flights.*: how long a flight stays live (US-15, docs/operations.md "A season of operation").
namespace msgx::config {

struct FlightsConfig {
    // A flight moves to the history once its best time (actual, else estimated, else scheduled)
    // and its last change are both older than this; nullopt (`off`) keeps every flight live.
    std::optional<Milliseconds> historyAfter = std::chrono::hours(48);
    // A message that changes a flight moved to the history at most this long ago brings it back
    // as it was; one moved earlier is forgotten by the live set (its FLID starts a new flight).
    Milliseconds reviveWithin = std::chrono::hours(24 * 14);
};

} // namespace msgx::config
