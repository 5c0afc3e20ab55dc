#include "msgx/golden/GoldenRunner.h"

#include "msgx/golden/OfflineDecision.h"
#include "msgx/golden/TextDiff.h"

#include <algorithm>
#include <fstream>

namespace msgx::golden {

namespace fs = std::filesystem;

std::vector<fs::path> findGoldenCases(const fs::path& path) {
    if (fs::is_regular_file(path / "message.xml")) {
        return {path};
    }
    std::vector<fs::path> cases;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(path, error)) {
        if (entry.is_directory() && fs::is_regular_file(entry.path() / "message.xml")) {
            cases.push_back(entry.path());
        }
    }
    std::sort(cases.begin(), cases.end());
    return cases;
}

GoldenCaseOutcome runGoldenCase(const fs::path& caseDir, const plugin::PluginHost& host,
                                const pipeline::IgnoreRules& ignoreRules, const codec::TimeZone& businessZone,
                                bool update) {
    GoldenCaseOutcome outcome;
    outcome.caseDir = caseDir;
    try {
        OfflineInput input;
        input.xml = readTextFile(caseDir / "message.xml");
        const fs::path beforeFile = caseDir / "before.json";
        input.before = readFlightState(json::parseJson(readTextFile(beforeFile), beforeFile.string()),
                                       beforeFile.string());
        if (!input.before.now) {
            throw json::JsonError(beforeFile.string() +
                                  ": now is missing (a golden case must fix the processing time)");
        }
        const fs::path refsFile = caseDir / "refs.json";
        if (fs::exists(refsFile)) {
            input.references = readReferenceClasses(
                json::parseJson(readTextFile(refsFile), refsFile.string()), refsFile.string());
        }
        const OfflineResult result = decideOffline(input, host, ignoreRules, businessZone, *input.before.now);
        const std::string actual = json::renderJson(result.decisionJson);
        const fs::path expectedFile = caseDir / "expected.json";
        if (update) {
            std::ofstream out(expectedFile, std::ios::binary | std::ios::trunc);
            out << actual;
            if (!out) {
                throw std::runtime_error("cannot write " + expectedFile.string());
            }
            outcome.status = GoldenCaseOutcome::Status::Updated;
            return outcome;
        }
        if (!fs::exists(expectedFile)) {
            throw std::runtime_error(expectedFile.string() +
                                     " is missing (run with --update, then review it)");
        }
        const std::string expectedCanonical = json::renderJson(
            json::withSortedKeys(json::parseJson(readTextFile(expectedFile), expectedFile.string())));
        const std::string actualCanonical = json::renderJson(json::withSortedKeys(result.decisionJson));
        if (expectedCanonical == actualCanonical) {
            outcome.status = GoldenCaseOutcome::Status::Passed;
        } else {
            outcome.status = GoldenCaseOutcome::Status::Failed;
            outcome.detail = lineDiff(expectedCanonical, actualCanonical);
        }
    } catch (const std::exception& e) {
        outcome.status = GoldenCaseOutcome::Status::Error;
        outcome.detail = e.what();
    }
    return outcome;
}

} // namespace msgx::golden
