#pragma once

#include "PumpSuite.h"

#include <optional>
#include <string>
#include <vector>

// The pump suite for the flight history (FlightHistoryTest.cpp; instantiated per backend beside
// PumpSuite).
namespace msgx::test {

class FlightHistory : public PumpSuite {
protected:
    // The reference classes the ADFT pair needs, then the pair 880301 (arrival) / 880302 (departure),
    // scheduled on 7 March 2024 and stored at start() (18 March).
    void storePair();
    // Starts a run of the history sweep and steps the pump until it is quiet.
    void sweep();
    // The flight as the history holds it (moved at or after start()), nullopt when it holds none.
    [[nodiscard]] std::optional<storage::FlightRecord> inHistory(storage::FlightId flid);
    // The "type" of each payload of `target`, in EVENT_ID order.
    [[nodiscard]] std::vector<std::string> typesOf(const std::string& target);
};

} // namespace msgx::test
