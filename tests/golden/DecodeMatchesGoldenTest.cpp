// `msgxctl decode --before --refs FILE` prints, for golden cases of every handler, the same Decision
// the golden runner compares with expected.json (issue 4 acceptance): the two commands share one
// path (golden::decideOffline) and this test keeps it that way. The golden tests (golden.<plugin>)
// check every case through that path in process; this one runs the command on each handler's first
// case and on its first case with refs.json, which covers what the command adds (options, files,
// loading the plugin) without ~900 runs of an ASan msgxctl (10 minutes of `make test`, 2026-12-06).
#include "Subprocess.h"
#include "msgx/golden/GoldenRunner.h"
#include "msgx/golden/OfflineDecision.h"
#include "msgx/json/JsonValue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <vector>

namespace {

namespace fs = std::filesystem;

// Per handler's golden/ folder: its first case, and its first case with refs.json when that is
// another one.
std::vector<fs::path> casesToRun() {
    std::vector<fs::path> cases;
    for (const auto& entry : fs::recursive_directory_iterator(MSGX_HANDLERS_SOURCE_DIR)) {
        if (!entry.is_directory() || entry.path().filename() != "golden") {
            continue;
        }
        auto found = msgx::golden::findGoldenCases(entry.path());
        std::sort(found.begin(), found.end());
        if (found.empty()) {
            continue;
        }
        cases.push_back(found.front());
        const auto withRefs = std::find_if(found.begin(), found.end(),
                                           [](const fs::path& c) { return fs::exists(c / "refs.json"); });
        if (withRefs != found.end() && *withRefs != found.front()) {
            cases.push_back(*withRefs);
        }
    }
    std::sort(cases.begin(), cases.end());
    return cases;
}

// The folder holding only the plugin of the case's handler (handlers/<group>/<name>/golden/<case> ->
// <group>-<name>.so), the one the golden.<plugin> test loads (tests/golden/CMakeLists.txt): msgxctl
// loads one plugin instead of every shipped one; routing still goes through the host.
fs::path pluginsFolderFor(const fs::path& caseDir) {
    const fs::path handlerDir = caseDir.parent_path().parent_path();
    return fs::path(MSGX_GOLDEN_PLUGIN_FOLDERS) /
           (handlerDir.parent_path().filename().string() + "-" + handlerDir.filename().string());
}

TEST(DecodeMatchesGolden, EachHandlersCasesDecodeToTheirExpectedDecision) {
    const auto cases = casesToRun();
    ASSERT_FALSE(cases.empty()) << "no golden case under " << MSGX_HANDLERS_SOURCE_DIR;
    for (const auto& caseDir : cases) {
        std::vector<std::string> argv{MSGX_MSGXCTL_BIN, "decode",
                                      "--plugins",      pluginsFolderFor(caseDir).string(),
                                      "--before",       (caseDir / "before.json").string()};
        if (fs::exists(caseDir / "refs.json")) {
            argv.insert(argv.end(), {"--refs", (caseDir / "refs.json").string()});
        }
        argv.push_back((caseDir / "message.xml").string());
        const auto result = msgx::test::runSubprocess(argv, std::chrono::seconds(60));
        ASSERT_EQ(result.exitCode, 0) << caseDir << ": " << result.err;
        using msgx::json::parseJson;
        using msgx::json::renderJson;
        using msgx::json::withSortedKeys;
        const auto expected =
            withSortedKeys(parseJson(msgx::golden::readTextFile(caseDir / "expected.json"), "expected"));
        const auto actual = withSortedKeys(parseJson(result.out, "decode output"));
        EXPECT_EQ(renderJson(actual), renderJson(expected)) << caseDir;
    }
}

} // namespace
