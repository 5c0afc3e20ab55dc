#include "E2eSupport.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <thread>

namespace msgx::test {

SubprocessResult runMsgxctl(const std::filesystem::path& config, const std::vector<std::string>& args,
                            const std::vector<std::string>& environment) {
    std::vector<std::string> argv{"env"};
    argv.insert(argv.end(), environment.begin(), environment.end());
    argv.insert(argv.end(), {kMsgxctlBin, "--config", config.string()});
    argv.insert(argv.end(), args.begin(), args.end());
    return runSubprocess(argv, std::chrono::seconds(120));
}

json::JsonValue statusJson(const std::filesystem::path& config, const std::vector<std::string>& environment) {
    const auto result = runMsgxctl(config, {"status", "--json"}, environment);
    EXPECT_EQ(result.exitCode, 0) << result.err;
    if (result.exitCode != 0) {
        return {};
    }
    return json::parseJson(result.out, "msgxctl status --json");
}

void preparePluginsDir(const std::filesystem::path& dir, const std::vector<std::string>& testPlugins) {
    std::filesystem::create_directories(dir);
    for (const auto& entry : std::filesystem::directory_iterator(kHandlersDir)) {
        if (entry.path().extension() == ".so") {
            std::filesystem::create_symlink(entry.path(), dir / entry.path().filename());
        }
    }
    for (const auto& name : testPlugins) {
        std::filesystem::create_symlink(kTestPluginsDir / name, dir / name);
    }
}

std::string fastPipelineYaml() {
    return "pipeline:\n"
           "  poll-interval: 50ms\n"
           "  batch-size: 500\n"
           "  max-commit-delay: 500ms\n"
           "  compensation-interval: 2s\n"
           "  max-attempts: 3\n"
           "  backoff: [10ms, 20ms]\n"
           "  backoff-cap: 50ms\n"
           "  head-deadline: 1m\n"
           "backfill:\n"
           "  interval: 100ms\n"
           "  backoff: 50ms\n"
           "  backoff-cap: 500ms\n"
           "lease:\n"
           "  period: 1s\n";
}

std::string withTestHttpListen(std::string configText) {
    const bool hasHttp = configText.rfind("http:", 0) == 0 || configText.find("\nhttp:") != std::string::npos;
    if (!hasHttp) {
        if (!configText.empty() && configText.back() != '\n') {
            configText += '\n';
        }
        configText += "http:\n  listen: 127.0.0.1:0\n";
    }
    return configText;
}

bool waitUntil(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        if (done()) {
            return true;
        }
        if (std::chrono::steady_clock::now() > deadline) {
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
}

std::vector<std::string> readLines(const std::filesystem::path& file) {
    std::vector<std::string> lines;
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty()) {
            lines.push_back(line);
        }
    }
    return lines;
}

std::vector<std::string> injectFiles(const std::filesystem::path& config,
                                     const std::vector<std::string>& args,
                                     const std::vector<std::string>& environment) {
    const auto result = runMsgxctl(config, args, environment);
    EXPECT_EQ(result.exitCode, 0) << result.err;
    std::vector<std::string> ids;
    std::stringstream out(result.out);
    for (std::string line; std::getline(out, line);) {
        ids.push_back(line);
    }
    return ids;
}

std::int64_t messageCount(const json::JsonValue& status) {
    std::int64_t total = 0;
    for (const auto& count : status.find("messages")->items()) {
        total += count.asInteger();
    }
    return total;
}

} // namespace msgx::test
