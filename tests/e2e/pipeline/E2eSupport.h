#pragma once

// Shared by the pipeline end-to-end tests: the binaries, msgxctl runs, the plugins folder a daemon
// loads, the fast pipeline settings of a test configuration, and polling the store until a run is
// done.

#include "Subprocess.h"
#include "msgx/json/JsonValue.h"

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace msgx::test {

inline const std::string kMsgxdBin = MSGX_MSGXD_BIN;
inline const std::string kMsgxctlBin = MSGX_MSGXCTL_BIN;
inline const std::filesystem::path kSourceDir = MSGX_SOURCE_DIR;
inline const std::filesystem::path kHandlersDir = MSGX_HANDLERS_DIR;
inline const std::filesystem::path kTestPluginsDir = MSGX_TEST_PLUGINS_DIR;

// `msgxctl --config <config> <args...>` with `environment` (NAME=value) added.
SubprocessResult runMsgxctl(const std::filesystem::path& config, const std::vector<std::string>& args,
                            const std::vector<std::string>& environment = {});

// `msgxctl status --json`, parsed; fails the test (and returns null) when it does not answer.
json::JsonValue statusJson(const std::filesystem::path& config,
                           const std::vector<std::string>& environment = {});

// A plugins folder for a daemon: links to every shipped handler, plus the named test plugins
// (file names in MSGX_TEST_PLUGINS_DIR).
void preparePluginsDir(const std::filesystem::path& dir, const std::vector<std::string>& testPlugins = {});

// The pipeline section of a test configuration: 50 ms polls, millisecond backoffs (3 attempts),
// a short gap delay, a 1 s lease, fast back-fill and schd flushes.
std::string fastPipelineYaml();

// `configText` with `http: {listen: 127.0.0.1:0}` appended unless it has an http section already:
// every test daemon takes a free port (tests run in parallel; 8470 may be taken), and a test that
// serves HTTP on purpose writes its own section (and reads the port from the log line
// "http: listening on 127.0.0.1:<port>").
std::string withTestHttpListen(std::string configText);

// Polls `done` (real time, every 500 ms) until it returns true or `timeout` passes; true when done.
bool waitUntil(const std::function<bool()>& done, std::chrono::milliseconds timeout);

// The lines of a file (none when it does not exist).
std::vector<std::string> readLines(const std::filesystem::path& file);

// `msgxctl inject FILE...` with `config`: the mailbox id it printed for each file, in order (a
// failed run is a test failure and gives what was printed).
std::vector<std::string> injectFiles(const std::filesystem::path& config,
                                     const std::vector<std::string>& args,
                                     const std::vector<std::string>& environment);

// The messages `msgxctl status --json` counts over all states.
std::int64_t messageCount(const json::JsonValue& status);

} // namespace msgx::test
