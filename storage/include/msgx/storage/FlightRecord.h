#pragma once

#include "msgx/storage/Ids.h"
#include "msgx/storage/Timestamp.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace msgx::storage {

// The typed key columns of FLIGHT (architecture.md §3): what flights are found by, by index.
// Lengths are the column limits; a longer value makes the write fail (InfraError ValueTooLong).
struct FlightKeys {
    std::optional<std::string> ffid;  // ≤ 64
    std::optional<std::string> alcd;  // ≤ 3
    std::optional<std::string> flno;  // ≤ 12
    std::optional<std::string> mvin;  // "A" or "D"
    std::optional<Timestamp> sodt;    // scheduled operation time
    std::optional<FlightId> maid;     // master flight of a shared (code-share) flight
    std::optional<FlightId> linkFlid; // turnaround partner

    bool operator==(const FlightKeys&) const = default;
};

// One detail list of a flight (FLIGHT_DETAIL rows of one LIST_NAME), items in order.
struct DetailList {
    std::string name;                   // ≤ 32, e.g. "stands"
    std::vector<std::string> itemsJson; // one JSON document per item

    bool operator==(const DetailList&) const = default;
};

// One FLIGHT row.
struct FlightRecord {
    FlightId flid = 0;
    FlightKeys keys;
    std::string attributesJson; // the flight document (JSON object)
    bool deleted = false;
    std::int64_t stateVersion = 0; // grows by one with every write; the optimistic-lock token
    Timestamp createdAt{};
    Timestamp updatedAt{};
    // Set when the row was read from the flight history (FLIGHT_HST): when its group moved there.
    // A write of such a flight brings its group back into FLIGHT first (FlightWrite::revives).
    std::optional<Timestamp> movedToHistoryAt;
    std::optional<FlightId> historyGroupFlid; // with movedToHistoryAt: FLIGHT_HST.GROUP_FLID

    bool operator==(const FlightRecord&) const = default;
};

// A change of one flight inside a processing commit.
struct FlightWrite {
    enum class Kind {
        Upsert, // create, or replace keys and attributes (and the lists named in `lists`)
        Delete, // mark deleted, drop every detail list
    };
    Kind kind = Kind::Upsert;
    FlightId flid = 0;
    // The STATE_VERSION the decision was based on; nullopt when the flight did not exist. The commit
    // fails with a conflict when the stored flight is not at this version (or exists when nullopt).
    std::optional<std::int64_t> expectedVersion;
    FlightKeys keys;               // Upsert
    std::string attributesJson;    // Upsert
    std::vector<DetailList> lists; // Upsert: each replaces the stored list of that name; others stay
    // The decision read this flight from the history (FlightRecord::movedToHistoryAt): the commit
    // first moves the latest history group holding it back into FLIGHT/FLIGHT_DETAIL (its members
    // as they were, with their versions), then applies the write to it as to any stored flight.
    bool revives = false;
};

} // namespace msgx::storage
