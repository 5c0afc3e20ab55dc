// msgxd: the msgexchange daemon.
//
// Exit codes: 0 clean stop (SIGINT/SIGTERM) or valid configuration with --check;
// 1 invalid configuration or a start-up failure; 2 usage error.
#include "RunningDaemon.h"
#include "StoreStartup.h"
#include "msgx/clock/SystemClock.h"
#include "msgx/config/ConfigLoader.h"
#include "msgx/config/StorageSettings.h"
#include "msgx/daemon/ProcessSignals.h"
#include "msgx/daemon/StartupSummary.h"
#include "msgx/http/HttpApi.h"
#include "msgx/log/Log.h"
#include "msgx/log/LoggingSystem.h"
#include "msgx/metrics/KeyLabels.h"
#include "msgx/metrics/Metrics.h"
#include "msgx/storage/Mailbox.h"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <malloc.h>
#include <optional>
#include <string>

#ifndef MSGX_VERSION
#error "MSGX_VERSION must be defined by the build"
#endif

namespace {

// Metrics count with KeyLabels' default limit until runDaemon sets limits.unknown-key-labels: the
// two defaults are one number.
static_assert(msgx::config::LimitsConfig{}.unknownKeyLabels ==
                  static_cast<int>(msgx::metrics::KeyLabels::kDefaultLimit),
              "limits.unknown-key-labels has one default");

// glibc gives threads that meet on a lock arenas of their own, up to 8 per core, and each keeps
// the memory freed into it: with msgxd's ~30 threads (pump, dispatchers and their read-ahead,
// librdkafka's, the HTTP pool) that cost 6-8 MB of peak RSS in the end-to-end bench
// (docs/performance.md "Memory"), for no throughput measured. An operator's own MALLOC_ARENA_MAX
// stays in force. Called before any thread starts.
void limitMallocArenas() {
    if (std::getenv("MALLOC_ARENA_MAX") == nullptr) {
        mallopt(M_ARENA_MAX, 2);
    }
}
int runDaemon(const msgx::config::Config& config) {
    msgx::ProcessSignals signals; // before any thread starts: threads inherit the blocked mask
    msgx::metrics::Metrics& metrics = msgx::metrics::Metrics::process(MSGX_VERSION); // first: build info
    metrics.limitUnknownKeyLabels(static_cast<std::size_t>(config.limits.unknownKeyLabels));
    msgx::log::LoggingSystem logging(msgx::daemon::logSettings(config), "msgxd");
    msgx::log::info("msgxd {} started: {}", MSGX_VERSION, msgx::daemon::startupSummary(config));
    msgx::SystemClock clock;
    msgx::daemon::prepareStores(config, clock);
    msgx::daemon::RunningDaemon daemon(config, clock);
    daemon.start();
    daemon.serve(signals, logging, metrics);
    msgx::log::info("msgxd stopped");
    return 0;
}

// `msgxd --check`, when the mailbox is a server that answers: its tables and columns (an embedded
// SQLite mailbox is msgxd's own and may not exist before the first start).
int checkMailbox(const msgx::config::Config& config) {
    if (config.mailbox.backend == msgx::storage::DatabaseBackend::Sqlite) {
        return 0;
    }
    try {
        const auto mailbox = msgx::config::openMailbox(config);
        const auto problems = msgx::daemon::mailboxSchemaProblems(config, *mailbox);
        for (const auto& problem : problems) {
            std::cerr << "msgxd: mailbox: " << problem << '\n';
        }
        if (!problems.empty()) {
            return 1;
        }
        std::cout << "msgxd: mailbox tables " << config.mailbox.inboxTable << " and "
                  << config.mailbox.outboxTable << " have every column msgx uses\n";
    } catch (const std::exception& e) {
        std::cout << "msgxd: mailbox not reachable (" << e.what() << "): its tables were not checked\n";
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    limitMallocArenas();
    CLI::App app{"msgxd - the msgexchange daemon"};
    std::string configPath = "/etc/msgx/msgx.yaml";
    bool checkOnly = false;
    bool httpRoutes = false;
    app.add_option("-c,--config", configPath, "configuration file")->capture_default_str();
    app.add_flag("--check", checkOnly,
                 "validate the configuration, print the result and exit (0 valid, 1 invalid)");
    app.add_flag("--http-routes", httpRoutes,
                 "print the HTTP routes msgxd serves (METHOD /path), one per line, and exit");
    app.set_version_flag("--version", std::string("msgxd ") + MSGX_VERSION);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return rc == 0 ? 0 : 2;
    }

    if (httpRoutes) {
        for (const auto& route : msgx::http::Router(msgx::http::apiRoutes(nullptr), {}, {}).routeList()) {
            std::cout << route << '\n';
        }
        return 0;
    }
    msgx::config::Config config;
    try {
        config = msgx::config::loadConfigFile(configPath);
    } catch (const msgx::config::ConfigInvalid& invalid) {
        for (const auto& error : invalid.errors()) {
            std::cerr << "msgxd: " << error.text() << '\n';
        }
        std::cerr << "msgxd: configuration " << configPath << " is invalid (" << invalid.errors().size()
                  << (invalid.errors().size() == 1 ? " error)" : " errors)") << '\n';
        return 1;
    }
    if (checkOnly) {
        std::cout << "msgxd: configuration " << configPath
                  << " is valid: " << msgx::daemon::startupSummary(config) << '\n';
        return checkMailbox(config);
    }
    try {
        return runDaemon(config);
    } catch (const std::exception& e) {
        std::cerr << "msgxd: cannot start: " << e.what() << '\n';
        return 1;
    }
}
