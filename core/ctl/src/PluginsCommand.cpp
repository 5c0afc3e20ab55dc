// msgxctl plugins list|reload: the handler plugins of the running daemon, through its control
// socket (architecture.md §8); `plugins list --dir D` shows, without a daemon, what the host would
// load from D.
//
//   msgxctl plugins list   [--socket PATH | --config FILE] [--dir D]
//   msgxctl plugins reload [--socket PATH | --config FILE]
//
// Both print JSON (PluginJson.h). Exit codes: 0 answered; 1 no daemon listens, it answered an error,
// or the reload could not scan its directory; 2 usage error.
#include "CtlCommand.h"
#include "msgx/config/ConfigLoader.h"
#include "msgx/daemon/ControlServer.h"
#include "msgx/log/LoggingSystem.h"
#include "msgx/plugin/PluginHost.h"
#include "msgx/plugin/PluginJson.h"

#include <chrono>
#include <iostream>
#include <memory>
#include <optional>

namespace msgx::ctl {

namespace {

constexpr auto kReplyTimeout = std::chrono::seconds(30);

struct PluginsOptions {
    std::string socketPath;
    std::string configPath;
    std::string dir;
    CLI::App* list = nullptr;
    CLI::App* reload = nullptr;
};

// The control socket to talk to, or std::nullopt after printing why the configuration is unusable.
std::optional<std::string> socketPathOf(const PluginsOptions& options) {
    if (!options.socketPath.empty()) {
        return options.socketPath;
    }
    if (options.configPath.empty()) {
        return config::Config{}.control.socket;
    }
    try {
        return config::loadConfigFile(options.configPath).control.socket;
    } catch (const config::ConfigInvalid& invalid) {
        for (const auto& error : invalid.errors()) {
            std::cerr << "msgxctl plugins: " << error.text() << '\n';
        }
        return std::nullopt;
    }
}

int listDirectory(const std::string& dir) {
    log::LoggingSystem logging({"warn", log::LogFormat::Text, "", 1024}, "msgxctl");
    plugin::PluginHost host(dir);
    const plugin::ReloadReport report = host.reload();
    if (report.problem) {
        std::cerr << "msgxctl plugins list: " << *report.problem << '\n';
        return 2;
    }
    std::cout << json::renderJson(plugin::pluginListJson(host.directory(), *host.snapshot()));
    return 0;
}

int askDaemon(const PluginsOptions& options, const std::string& command) {
    const auto socketPath = socketPathOf(options);
    if (!socketPath) {
        return 2;
    }
    std::string reply;
    try {
        reply = daemon::sendControlCommand(*socketPath, command, kReplyTimeout);
    } catch (const std::exception& e) {
        std::cerr << "msgxctl " << command << ": " << e.what() << '\n';
        return 1;
    }
    std::cout << reply;
    const json::JsonValue json = json::parseJson(reply, "control socket reply");
    const json::JsonValue* error = json.find("error");
    const json::JsonValue* problem = json.find("problem");
    return (error != nullptr && !error->isNull()) || (problem != nullptr && !problem->isNull()) ? 1 : 0;
}

} // namespace

CommandRun addPluginsCommand(CLI::App& app) {
    auto options = std::make_shared<PluginsOptions>();
    app.description("handler plugins of the running daemon (list, reload)");
    app.require_subcommand(1);
    const auto addTarget = [&options](CLI::App& sub) {
        sub.add_option("--socket", options->socketPath,
                       "the daemon's control socket (default: control.socket)");
        sub.add_option("--config", options->configPath, "take control.socket from this configuration");
    };
    options->list =
        app.add_subcommand("list", "name, version, keys, file and refusals of the loaded plugins");
    addTarget(*options->list);
    options->list
        ->add_option("--dir", options->dir, "no daemon: show what the host would load from this directory")
        ->check(CLI::ExistingDirectory);
    options->reload = app.add_subcommand("reload", "rescan plugins.dir in the running daemon");
    addTarget(*options->reload);
    return [options] {
        if (options->list->parsed()) {
            return options->dir.empty() ? askDaemon(*options, "plugins list") : listDirectory(options->dir);
        }
        return askDaemon(*options, "plugins reload");
    };
}

} // namespace msgx::ctl
