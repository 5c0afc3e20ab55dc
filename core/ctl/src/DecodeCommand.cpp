// msgxctl decode: one message through the decoder, the ignore rules, routing and its handler, with
// no store; prints the Decision JSON (docs/flight-document.md) on stdout.
//
//   msgxctl decode [--before before.json] [--refs refs.json] [--plugins DIR] [--config FILE]
//                  [--zone NAME] FILE
//
// Without --before every flight is unknown and "now" is the system time. Exit codes: 0 a Decision
// was printed, whatever its outcome (MALFORMED included); 2 usage error (missing or unreadable file,
// invalid before/refs JSON, unreadable plugins directory, bad option).
#include "CtlCommand.h"
#include "OfflineSettings.h"
#include "msgx/golden/OfflineDecision.h"
#include "msgx/log/LoggingSystem.h"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>

namespace msgx::ctl {

namespace {

struct DecodeOptions {
    OfflineOptions offline;
    std::string beforeFile;
    std::string refsFile;
    std::string messageFile;
};

int runDecode(const DecodeOptions& options) {
    const std::string command = "msgxctl decode";
    const auto settings = resolveOfflineSettings(options.offline, command);
    if (!settings) {
        return 2;
    }
    log::LoggingSystem logging({options.offline.verbose ? "info" : "warn", log::LogFormat::Text, "", 1024},
                               "msgxctl");
    golden::OfflineInput input;
    try {
        input.xml = golden::readTextFile(options.messageFile);
        if (!options.beforeFile.empty()) {
            input.before = golden::readFlightState(
                json::parseJson(golden::readTextFile(options.beforeFile), options.beforeFile),
                options.beforeFile);
        }
        if (!options.refsFile.empty()) {
            input.references = golden::readReferenceClasses(
                json::parseJson(golden::readTextFile(options.refsFile), options.refsFile), options.refsFile);
        }
    } catch (const std::exception& e) {
        std::cerr << command << ": " << e.what() << '\n';
        return 2;
    }
    plugin::PluginHost host(settings->pluginsDir);
    const plugin::ReloadReport report = host.reload();
    if (report.problem) {
        std::cerr << command << ": " << *report.problem << '\n';
        return 2;
    }
    const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
    const golden::OfflineResult result = golden::decideOffline(
        input, host, pipeline::IgnoreRules(settings->ignore), settings->businessZone, now);
    if (result.routed.handler) {
        std::cerr << command << ": decided by plugin " << result.routed.handler->name << ' '
                  << result.routed.handler->version << " (" << result.routed.handler->file.string() << ")\n";
    }
    std::cout << json::renderJson(result.decisionJson);
    return 0;
}

} // namespace

CommandRun addDecodeCommand(CLI::App& app) {
    auto options = std::make_shared<DecodeOptions>();
    app.description(
        "run one message through decoder, ignore rules, routing and its handler; print the Decision");
    addOfflineOptions(app, options->offline);
    app.add_option("--before", options->beforeFile, "before.json: {\"now\": ..., \"flights\": [...]}")
        ->check(CLI::ExistingFile);
    app.add_option("--refs", options->refsFile, "refs.json: reference records by RTYPE and RKEY")
        ->check(CLI::ExistingFile);
    app.add_option("FILE", options->messageFile, "the message XML")->required()->check(CLI::ExistingFile);
    return [options] { return runDecode(*options); };
}

} // namespace msgx::ctl
