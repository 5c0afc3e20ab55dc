// msgxctl golden: runs handler golden cases through the built plugins (architecture.md §5).
//
//   msgxctl golden [--update] [--plugins DIR] [--config FILE] [--zone NAME] DIR...
//
// Each DIR is a case (it holds message.xml) or a folder of cases (handlers/<group>/<name>/golden).
// A case passes when the Decision JSON equals expected.json (member order ignored); a mismatch
// prints a line diff expected -> actual. --update rewrites expected.json for review instead.
// Exit codes: 0 every case passed (or was updated); 1 a case failed or could not run; 2 usage error
// (no case found, unreadable plugins directory, bad option).
#include "CtlCommand.h"
#include "OfflineSettings.h"
#include "msgx/golden/GoldenRunner.h"
#include "msgx/log/LoggingSystem.h"

#include <iostream>
#include <memory>

namespace msgx::ctl {

namespace {

struct GoldenOptions {
    OfflineOptions offline;
    std::vector<std::string> dirs;
    bool update = false;
};

int runGolden(const GoldenOptions& options) {
    const std::string command = "msgxctl golden";
    const auto settings = resolveOfflineSettings(options.offline, command);
    if (!settings) {
        return 2;
    }
    log::LoggingSystem logging({options.offline.verbose ? "info" : "warn", log::LogFormat::Text, "", 1024},
                               "msgxctl");
    std::vector<std::filesystem::path> cases;
    for (const auto& dir : options.dirs) {
        const auto found = golden::findGoldenCases(dir);
        if (found.empty()) {
            std::cerr << command << ": no golden case (a folder with message.xml) in " << dir << '\n';
            return 2;
        }
        cases.insert(cases.end(), found.begin(), found.end());
    }
    plugin::PluginHost host(settings->pluginsDir);
    const plugin::ReloadReport report = host.reload();
    if (report.problem) {
        std::cerr << command << ": " << *report.problem << '\n';
        return 2;
    }
    const pipeline::IgnoreRules ignoreRules(settings->ignore);
    int passed = 0;
    int failed = 0;
    for (const auto& caseDir : cases) {
        const auto outcome =
            golden::runGoldenCase(caseDir, host, ignoreRules, settings->businessZone, options.update);
        switch (outcome.status) {
        case golden::GoldenCaseOutcome::Status::Passed:
            ++passed;
            std::cout << "PASS    " << caseDir.string() << '\n';
            break;
        case golden::GoldenCaseOutcome::Status::Updated:
            ++passed;
            std::cout << "UPDATED " << caseDir.string() << "/expected.json (review it against the spec)\n";
            break;
        case golden::GoldenCaseOutcome::Status::Failed:
            ++failed;
            std::cout << "FAIL    " << caseDir.string()
                      << ": the Decision differs from expected.json (- expected, + actual)\n"
                      << outcome.detail;
            break;
        case golden::GoldenCaseOutcome::Status::Error:
            ++failed;
            std::cout << "ERROR   " << caseDir.string() << ": " << outcome.detail << '\n';
            break;
        }
    }
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? 0 : 1;
}

} // namespace

CommandRun addGoldenCommand(CLI::App& app) {
    auto options = std::make_shared<GoldenOptions>();
    app.description(
        "run golden cases (message.xml, before.json, refs.json, expected.json) through the plugins");
    addOfflineOptions(app, options->offline);
    app.add_flag("--update", options->update, "write expected.json from the current Decision (review it!)");
    app.add_option("DIR", options->dirs, "a golden case or a folder of cases")
        ->required()
        ->check(CLI::ExistingDirectory);
    return [options] { return runGolden(*options); };
}

} // namespace msgx::ctl
