#pragma once

// What the msgxctl commands that work on the databases directly (inject, status, messages, replay,
// events) share: --config, the configuration loaded from it, terminal logging, the own store and
// the mailbox opened lazily, and the operator's name for OPS_AUDIT.

#include "msgx/clock/SystemClock.h"
#include "msgx/config/Config.h"
#include "msgx/log/LoggingSystem.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>

namespace msgx::ctl {

// The configuration file of a command: `msgxctl --config F <command>` or `<command> --config F`.
inline constexpr const char* kDefaultConfigPath = "/etc/msgx/msgx.yaml";
void addConfigOption(CLI::App& app, std::string& path);

class StoreCommandContext {
public:
    // Loads the configuration and starts terminal logging (warnings and errors only, so a command's
    // output is its answer). nullptr after printing every configuration error, prefixed with
    // "msgxctl <command>: " (exit code 2).
    static std::unique_ptr<StoreCommandContext> open(const std::string& configPath,
                                                     const std::string& command);

    [[nodiscard]] const config::Config& config() const { return config_; }
    [[nodiscard]] const Clock& clock() const { return clock_; }
    storage::OwnStore& store();
    storage::Mailbox& mailbox();
    // For a command that must not run beside a daemon: true (after printing "msgxctl <command>:
    // <owner> holds the writer lease: stop every msgxd first (<why>)") while one holds it.
    // Throws storage::InfraError when the store cannot be read.
    bool writerRuns(const std::string& why);

private:
    StoreCommandContext(config::Config config, const std::string& command);

    config::Config config_;
    std::string command_;
    log::LoggingSystem logging_;
    SystemClock clock_;
    std::unique_ptr<storage::OwnStore> store_;
    std::unique_ptr<storage::Mailbox> mailbox_;
};

// "msgxctl:<user>" for OPS_AUDIT (USER, else the numeric uid).
std::string operatorActor();

} // namespace msgx::ctl
