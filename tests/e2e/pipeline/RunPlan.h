#pragma once

// A seeded run of upstream messages with the outcome each must end in, and the checks of a
// finished run against it (the acceptance list of the pipeline issue).

#include "ServerSite.h"

#include <cstdint>
#include <string>
#include <vector>

namespace msgx::test {

struct ExpectedOutcome {
    std::string state;      // SUCCEEDED, SKIPPED, DEAD
    std::string errorClass; // DEAD: MALFORMED or EXHAUSTED
    std::string note;       // SKIPPED: "ignored:LDM-*", "duplicate-of:<id>"
    bool event = false;     // one `msg` event (TEST-SET)
    std::int64_t flid = 0;  // TEST-SET
    std::string value;      // TEST-SET
};

// Shares of each kind of failure among the messages; the rest are TEST-SET on `flights` flights.
struct RunMix {
    double malformed = 0;
    double unsupported = 0;
    double throwing = 0;
    double duplicate = 0;
    double ignored = 0;
    int flights = 500;
};

struct RunPlan {
    std::vector<std::string> documents;    // mailbox id = index + 1
    std::vector<ExpectedOutcome> expected; // by index
};

RunPlan makeRunPlan(int count, const RunMix& mix, std::uint32_t seed);

// True once every planned message is terminal, back-filled, and no event is pending (msgxctl status).
bool runSettled(const ServerSite& site, std::size_t messages);

// Checks a settled run (adds gtest failures):
//  - every PROC_STATE row ends as planned (state, class, note);
//  - every mailbox row is back-filled (DATE_PROCESSED set, STATUS PROCESSED);
//  - MSG_EVENT holds exactly one SENT `msg` event per TEST-SET message (no loss, no duplicate), in
//    EVENT_ID order that follows mailbox-id order, each with the planned flight and value;
//  - each flight's STATE_VERSION grew by exactly its number of TEST-SET messages (no half-applied or
//    repeated change);
//  - with `deliveredToFile`, the msg file, de-duplicated on the event id, holds exactly those events,
//    first occurrences in EVENT_ID order (duplicates only from re-sends after a crash).
void verifyRun(const ServerSite& site, const RunPlan& plan, bool deliveredToFile = true);

} // namespace msgx::test
