#pragma once

#include "msgx/codec/TimeZone.h"
#include "msgx/pipeline/routing/IgnoreRules.h"
#include "msgx/plugin/PluginHost.h"

#include <filesystem>
#include <string>
#include <vector>

namespace msgx::golden {

// The golden cases under `path` (architecture.md §5): `path` itself when it holds message.xml,
// otherwise every direct sub-directory that does, sorted by name. Empty when there is none.
std::vector<std::filesystem::path> findGoldenCases(const std::filesystem::path& path);

struct GoldenCaseOutcome {
    enum class Status { Passed, Failed, Updated, Error };
    Status status = Status::Error;
    std::filesystem::path caseDir;
    std::string detail; // Failed: the diff expected -> actual; Error: why the case could not run
};

// Runs one case directory: message.xml through pipeline::routeMessage() (the real host, so the built .so)
// against before.json (required, with "now") and refs.json (optional), and compares the Decision
// JSON with expected.json, member order ignored. With `update`, writes the Decision JSON to
// expected.json instead (for review: the author reads it against the spec before committing).
GoldenCaseOutcome runGoldenCase(const std::filesystem::path& caseDir, const plugin::PluginHost& host,
                                const pipeline::IgnoreRules& ignoreRules, const codec::TimeZone& businessZone,
                                bool update);

} // namespace msgx::golden
