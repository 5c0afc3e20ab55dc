#include "FaultSchedule.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace msgx::chaos {

FaultPlan makeFaultPlan(double loadSeconds, int kills, double leaseSeconds, std::uint32_t seed) {
    FaultPlan plan;
    plan.loadSeconds = loadSeconds;
    // The fixed faults at fractions of the load, one after the other, leaving room for kills.
    const double l = loadSeconds;
    plan.storeOutageAt = 0.10 * l;
    plan.pauseAt = 0.26 * l;
    plan.pauseFor = 3 * leaseSeconds + 2;
    plan.shortHoldAt = 0.34 * l;
    plan.brokersDownAt = 0.40 * l;
    plan.longHold = std::min(180.0, 0.55 * l - plan.longHoldAt);
    plan.mailboxOutageAt = 0.58 * l;
    plan.requestErrorsAt = {0.72 * l, 0.77 * l, 0.82 * l};
    plan.diskFullAt = 0.86 * l;

    // Busy windows: a kill is not placed within 3 s before or 6 s after an outage, the pause or the
    // request errors (the held transactions are passive: kills happen while they are open).
    std::vector<std::pair<double, double>> busy{
        {plan.storeOutageAt, plan.storeOutageAt + plan.outage},
        {plan.pauseAt, plan.pauseAt + plan.pauseFor + 6},
        {plan.brokersDownAt, plan.brokersDownAt + plan.outage},
        {plan.mailboxOutageAt, plan.mailboxOutageAt + plan.outage},
        {plan.diskFullAt, plan.diskFullAt + plan.outage},
    };
    for (const double at : plan.requestErrorsAt) {
        busy.emplace_back(at, at + 3);
    }
    std::mt19937 random(seed ^ 0x5eedU);
    std::uniform_real_distribution<double> moment(8.0, loadSeconds + 45.0);
    for (int attempt = 0; attempt < 100000 && static_cast<int>(plan.killsAt.size()) < kills; ++attempt) {
        const double at = moment(random);
        const bool clash = std::any_of(busy.begin(), busy.end(), [&](const auto& window) {
            return at > window.first - 3 && at < window.second + 6;
        });
        const bool close = std::any_of(plan.killsAt.begin(), plan.killsAt.end(),
                                       [&](double other) { return std::abs(other - at) < 6; });
        if (!clash && !close) {
            plan.killsAt.push_back(at);
        }
    }
    std::sort(plan.killsAt.begin(), plan.killsAt.end());
    return plan;
}

void FaultLog::declare(const std::string& name) {
    find(name);
}

void FaultLog::injected(const std::string& name, Clock::time_point start, Clock::time_point end) {
    auto& fault = find(name);
    ++fault.injected;
    fault.windows.emplace_back(start, end);
}

void FaultLog::note(const std::string& name, const std::string& text) {
    find(name).notes.push_back(text);
}

FaultRecord& FaultLog::find(const std::string& name) {
    for (auto& fault : faults_) {
        if (fault.name == name) {
            return fault;
        }
    }
    faults_.push_back(FaultRecord{name, 0, {}, {}});
    return faults_.back();
}

} // namespace msgx::chaos
