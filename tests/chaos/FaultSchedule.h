#pragma once

// When each fault of a chaos run happens (seconds after the load starts), drawn from the run's
// seed, and the record of what was injected when (the windows the table attributes problems to).

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace msgx::chaos {

using Clock = std::chrono::steady_clock;

// The planned moments, in seconds after the load started. Outages last `outage` seconds.
struct FaultPlan {
    double loadSeconds = 0; // the stream's length
    double outage = 30;     // PostgreSQL, MariaDB, brokers, disk full
    double longHoldAt = 3;  // a mailbox transaction held for `longHold` (a lower id)
    double longHold = 180;
    double shortHoldAt = 0; // one held for 10 s
    double shortHold = 10;
    double storeOutageAt = 0;
    double pauseAt = 0; // SIGSTOP of the writer for `pauseFor`
    double pauseFor = 0;
    double brokersDownAt = 0;
    double mailboxOutageAt = 0;
    std::vector<double> requestErrorsAt; // retriable produce errors, then one refused request
    double diskFullAt = 0;
    std::vector<double> killsAt; // kill -9 of the writer
};

// `kills` kill moments at random from 8 s to 45 s after the load, at least 6 s apart (a lease period
// and a take-over) and outside the outages and the pause, so that a kill always finds a writer;
// `leaseSeconds` sizes the pause (3 lease periods + 2 s).
FaultPlan makeFaultPlan(double loadSeconds, int kills, double leaseSeconds, std::uint32_t seed);

struct FaultRecord {
    std::string name;
    int injected = 0;
    std::vector<std::pair<Clock::time_point, Clock::time_point>> windows;
    std::vector<std::string> notes;
};

// The faults in the order they were first named (the table's row order).
class FaultLog {
public:
    // Declares a fault (a row of the table even when it is never injected).
    void declare(const std::string& name);
    // One injection lasting from `start` to `end`.
    void injected(const std::string& name, Clock::time_point start, Clock::time_point end);
    void note(const std::string& name, const std::string& text);
    [[nodiscard]] const std::vector<FaultRecord>& all() const { return faults_; }

private:
    FaultRecord& find(const std::string& name);
    std::vector<FaultRecord> faults_;
};

} // namespace msgx::chaos
