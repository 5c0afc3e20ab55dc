// msgxctl migrate: brings the own store's schema up to date (architecture.md §3, docs/storage.md).
//
//   msgxctl migrate --config FILE [--migrations DIR]
//
// Exit codes: 0 the schema is current (also when nothing was to do); 1 the store refused or failed
// (an edited applied migration, a database error); 2 the configuration or the migrations folder is
// unusable.
#include "CtlCommand.h"
#include "msgx/clock/SystemClock.h"
#include "msgx/config/ConfigLoader.h"
#include "msgx/config/StorageSettings.h"
#include "msgx/daemon/StartupSummary.h"
#include "msgx/log/LoggingSystem.h"
#include "msgx/storage/InfraError.h"
#include "msgx/storage/Migrations.h"
#include "msgx/storage/OwnStore.h"

#include <iostream>
#include <memory>
#include <optional>
#include <string>

namespace msgx::ctl {

namespace {

struct MigrateOptions {
    std::string configPath = "/etc/msgx/msgx.yaml";
    std::string migrationsDir;
};

int runMigrate(const MigrateOptions& options) {
    config::Config config;
    try {
        config = config::loadConfigFile(options.configPath);
    } catch (const config::ConfigInvalid& invalid) {
        for (const auto& error : invalid.errors()) {
            std::cerr << "msgxctl migrate: " << error.text() << '\n';
        }
        return 2;
    }
    log::LogSettings logSettings = daemon::logSettings(config);
    logSettings.file.clear(); // a command reports on the terminal, not into the daemon's log file
    log::LoggingSystem logging(logSettings, "msgxctl");

    std::filesystem::path root;
    try {
        const auto given = options.migrationsDir.empty()
                               ? std::nullopt
                               : std::optional<std::filesystem::path>(options.migrationsDir);
        root = storage::findMigrationsRoot(given, storage::currentExecutable());
    } catch (const storage::MigrationError& e) {
        std::cerr << "msgxctl migrate: " << e.what() << '\n';
        return 2;
    }

    SystemClock clock;
    const auto settings = config::storeDatabase(config.store);
    try {
        auto store = storage::OwnStore::open(settings, clock);
        const auto report = store->migrate(root);
        const std::string where = std::string(config::name(settings.backend)) + "/" +
                                  std::string(config::name(settings.dialect)) + " store";
        if (report.applied.empty()) {
            std::cout << "msgxctl migrate: " << where << " is at version " << report.versionAfter
                      << "; nothing to apply\n";
        } else {
            std::cout << "msgxctl migrate: " << where << " migrated from version " << report.versionBefore
                      << " to " << report.versionAfter << ":";
            for (const auto& name : report.applied) {
                std::cout << ' ' << name;
            }
            std::cout << '\n';
        }
        return 0;
    } catch (const storage::MigrationError& e) {
        std::cerr << "msgxctl migrate: refused: " << e.what() << '\n';
        return 1;
    } catch (const storage::InfraError& e) {
        std::cerr << "msgxctl migrate: " << e.what() << '\n';
        return 1;
    }
}

} // namespace

CommandRun addMigrateCommand(CLI::App& app) {
    app.description("apply the pending schema migrations to the own store (store.* of the configuration)");
    auto options = std::make_shared<MigrateOptions>();
    app.add_option("-c,--config", options->configPath, "configuration file")->capture_default_str();
    app.add_option("--migrations", options->migrationsDir,
                   "folder with one subfolder of V<n>__<name>.sql files per dialect (default: "
                   "<prefix>/share/msgx/migrations next to this program)");
    return [options] { return runMigrate(*options); };
}

} // namespace msgx::ctl
