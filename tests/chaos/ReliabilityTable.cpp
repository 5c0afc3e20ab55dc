#include "ReliabilityTable.h"

#include <array>
#include <set>
#include <sstream>

namespace msgx::chaos {

namespace {

constexpr auto kMargin = std::chrono::seconds(20);

// Distinct rows per problem among the findings `counts` accepts.
template <typename Accept>
std::array<std::size_t, 3> count(const CheckReport& checks, Accept accept) {
    std::array<std::set<std::size_t>, 3> rows;
    for (const auto& finding : checks.findings) {
        if (accept(finding.row)) {
            rows[static_cast<std::size_t>(finding.problem)].insert(finding.row);
        }
    }
    return {rows[0].size(), rows[1].size(), rows[2].size()};
}

} // namespace

std::string renderReport(const RunFacts& facts, const FaultLog& faults, const ChaosLoad& load,
                         const CheckReport& checks) {
    std::ostringstream out;
    out << "Run of " << facts.date << ", commit " << facts.commit << ", seed " << facts.seed << ", "
        << facts.messages << " messages, " << static_cast<int>(facts.seconds) << " s ("
        << static_cast<int>(facts.seconds / 60) << " min " << static_cast<int>(facts.seconds) % 60
        << " s)\n\n"
        << "| fault | times injected | messages lost | duplicated | out of order |\n"
        << "|---|---:|---:|---:|---:|\n";
    for (const auto& fault : faults.all()) {
        const auto counts = count(checks, [&](std::size_t row) {
            const auto at = load.rows[row].insertedAt;
            for (const auto& [start, end] : fault.windows) {
                if (at >= start - kMargin && at <= end + kMargin) {
                    return true;
                }
            }
            return false;
        });
        out << "| " << fault.name << " | " << fault.injected << " | " << counts[0] << " | " << counts[1]
            << " | " << counts[2] << " |\n";
    }
    const auto total = count(checks, [](std::size_t) { return true; });
    out << "| **whole run** | | **" << total[0] << "** | **" << total[1] << "** | **" << total[2]
        << "** |\n\n";
    out << "| check | result | detail |\n|---|---|---|\n";
    for (const auto& check : checks.checks) {
        out << "| " << check.name << " | " << (check.passed ? "pass" : "**FAIL**") << " | " << check.detail
            << " |\n";
    }
    out << "\n";
    for (const auto& fault : faults.all()) {
        for (const auto& note : fault.notes) {
            out << "- " << fault.name << ": " << note << "\n";
        }
    }
    for (const auto& observation : facts.observations) {
        out << "- " << observation << "\n";
    }
    if (!checks.findings.empty()) {
        out << "\nFirst findings:\n\n";
        for (std::size_t i = 0; i < checks.findings.size() && i < 30; ++i) {
            out << "- " << checks.findings[i].text << "\n";
        }
    }
    out << "\nReproduce: `" << facts.command << "`\n";
    return out.str();
}

} // namespace msgx::chaos
