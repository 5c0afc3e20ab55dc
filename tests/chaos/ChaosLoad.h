#pragma once

// The load of a chaos run: real upstream messages (docs/spec/) with the outcome, back-fill
// status and events each one must end in. Flights are created by SCHD-ADFT and then updated by FLOP
// messages of several STYPs and by SCHD-UPD; every update carries a value no other message carries,
// so each event on the topic names the message it came from and the per-FLID order of the events
// can be checked against mailbox-id order. Some messages are malformed, byte-identical repeats,
// rejected values or updates of flights nobody created.

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace msgx::chaos {

// One `msg` event a message must produce: its type, its FLID and one field of "fields" with the
// compact JSON of its value ("" = only type and FLID are checked, e.g. a flight created).
struct PlannedEvent {
    std::string type;
    std::int64_t flid = 0;
    std::string field;
    std::string valueJson;
};

enum class RowKind { Schedule, FlopUpdate, ScheduleUpdate, UnknownFlight, Rejected, Malformed, Duplicate };

struct PlannedRow {
    RowKind kind = RowKind::FlopUpdate;
    std::string key; // TYPE-STYP, for the report
    std::string document;
    std::string state;          // SUCCEEDED, SKIPPED, DEAD
    std::string errorClass;     // DEAD: MALFORMED
    std::string note;           // the exact NOTE; for a Duplicate filled in from the original's id
    std::string backfillStatus; // the mailbox STATUS the back-fill must write
    std::vector<PlannedEvent> msg;
    std::vector<std::int64_t> schd; // FLIDs the message pushes to the schd target
    std::size_t duplicateOf = 0;    // Duplicate: index of the original row
    bool held = false;              // inserted by a transaction held open, not by the stream
    std::int64_t id = 0;            // the mailbox id, known once inserted
    std::chrono::steady_clock::time_point insertedAt{};
};

struct ChaosLoad {
    std::vector<PlannedRow> rows;      // stream rows in insertion order, then the held rows
    std::vector<std::size_t> held;     // indexes of the rows inserted by held transactions
    std::vector<std::int64_t> flights; // every FLID a SCHD-ADFT creates
    std::size_t streamRows = 0;        // rows[0, streamRows) are inserted in order by the stream
};

// `messages` stream rows (plus `heldRows` rows for held transactions, each on a flight of its own
// so that its late processing cannot reorder another message's events) on `flights` flights.
ChaosLoad makeChaosLoad(int messages, int flights, int heldRows, std::uint32_t seed);

// The time of `minutes` after 2024-03-07 00:00 local (Asia/Shanghai, UTC+8) as FLOP writes it
// (DDMMMYYHHMM) and as the flight document stores it (UTC, ISO 8601 with Z).
std::string flopTime(int minutes);
std::string documentTime(int minutes);

} // namespace msgx::chaos
