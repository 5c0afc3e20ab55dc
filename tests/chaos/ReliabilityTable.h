#pragma once

// The table of a chaos run: per fault how often it was injected and how many messages were lost,
// duplicated or out of order, a finding counted for a fault when its message was inserted within
// 20 s of one of the fault's injections (the time it takes a message through the pipeline and
// a fault's recovery); and the whole run's totals, the checks and what was observed.

#include "ChaosChecks.h"
#include "FaultSchedule.h"

#include <string>
#include <vector>

namespace msgx::chaos {

struct RunFacts {
    std::string date;
    std::string commit;
    std::string command;
    std::uint32_t seed = 0;
    double seconds = 0;
    std::size_t messages = 0;
    Clock::time_point start{};
    Clock::time_point end{};
    std::vector<std::string> observations;
};

// The markdown text: the facts, the fault table, the checks, the observations.
std::string renderReport(const RunFacts& facts, const FaultLog& faults, const ChaosLoad& load,
                         const CheckReport& checks);

} // namespace msgx::chaos
