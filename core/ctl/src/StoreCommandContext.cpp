#include "StoreCommandContext.h"

#include "msgx/config/ConfigLoader.h"
#include "msgx/config/StorageSettings.h"
#include "msgx/daemon/StartupSummary.h"
#include "msgx/pipeline/runtime/WriterLeaseKeeper.h"
#include "msgx/storage/DatabaseSettings.h"

#include <cstdlib>
#include <iostream>
#include <unistd.h>

namespace msgx::ctl {

namespace {

log::LogSettings commandLogSettings(const config::Config& config) {
    log::LogSettings settings = daemon::logSettings(config);
    settings.file.clear(); // a command reports on the terminal, not into the daemon's log file
    settings.level = "warn";
    return settings;
}

} // namespace

void addConfigOption(CLI::App& app, std::string& path) {
    app.add_option("-c,--config", path, "configuration file")->capture_default_str();
}

StoreCommandContext::StoreCommandContext(config::Config config, const std::string& command)
    : config_(std::move(config)), command_(command),
      logging_(commandLogSettings(config_), "msgxctl " + command) {}

std::unique_ptr<StoreCommandContext> StoreCommandContext::open(const std::string& configPath,
                                                               const std::string& command) {
    try {
        auto config = config::loadConfigFile(configPath);
        return std::unique_ptr<StoreCommandContext>(new StoreCommandContext(std::move(config), command));
    } catch (const config::ConfigInvalid& invalid) {
        for (const auto& error : invalid.errors()) {
            std::cerr << "msgxctl " << command << ": " << error.text() << '\n';
        }
        return nullptr;
    }
}

bool StoreCommandContext::writerRuns(const std::string& why) {
    const auto lease = store().lease().holder(pipeline::WriterLeaseKeeper::kLeaseName);
    if (lease) {
        std::cerr << "msgxctl " << command_ << ": " << lease->owner
                  << " holds the writer lease: stop every msgxd first (" << why << ")\n";
    }
    return lease.has_value();
}

storage::OwnStore& StoreCommandContext::store() {
    if (!store_) {
        store_ = storage::OwnStore::open(config::storeDatabase(config_.store), clock_);
    }
    return *store_;
}

storage::Mailbox& StoreCommandContext::mailbox() {
    if (!mailbox_) {
        mailbox_ = config::openMailbox(config_);
    }
    return *mailbox_;
}

std::string operatorActor() {
    if (const char* user = std::getenv("USER"); user != nullptr && *user != '\0') {
        return std::string("msgxctl:") + user;
    }
    return "msgxctl:uid" + std::to_string(::getuid());
}

} // namespace msgx::ctl
