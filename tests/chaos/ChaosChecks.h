#pragma once

// The checks of a finished chaos run, against the load's plan: every mailbox row processed and
// back-filled as planned, PROC_STATE terminal as planned, exactly the planned events stored (one
// per planned change, each flight's STATE_VERSION grown by exactly its changes: a write from a
// fenced writer would show as a repeat), every msg event on the topic at least once with copies
// only under an event id already seen, per-FLID order kept on the topic and in the schd file.

#include "ChaosLoad.h"
#include "ChaosSite.h"
#include "FaultSchedule.h"
#include "TopicConsumer.h"

#include <string>
#include <vector>

namespace msgx::chaos {

enum class Problem { Lost, Duplicated, OutOfOrder };

// One thing a check found wrong, on the row (index into the load) it concerns.
struct Finding {
    std::size_t row = 0;
    Problem problem = Problem::Lost;
    std::string text;
};

struct CheckResult {
    std::string name;
    bool passed = true;
    std::string detail;
};

struct CheckReport {
    std::vector<CheckResult> checks;
    std::vector<Finding> findings;
    int resentCopies = 0;     // topic records repeating an event id already seen (allowed)
    int schdResentCopies = 0; // the same in the schd file
    int msgEvents = 0;
    int topicRecords = 0;
    [[nodiscard]] bool passed() const;
};

CheckReport checkRun(const ChaosSite& site, const ChaosLoad& load, const std::vector<ConsumedRecord>& topic);

} // namespace msgx::chaos
