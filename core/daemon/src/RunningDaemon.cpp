#include "RunningDaemon.h"

#include "msgx/config/StorageSettings.h"
#include "msgx/log/Log.h"
#include "msgx/plugin/PluginJson.h"

#include <chrono>
#include <cstring>
#include <map>

#ifndef MSGX_VERSION
#error "MSGX_VERSION must be defined by the build"
#endif

namespace msgx::daemon {

namespace {

// How often dropped log lines are counted and reported.
constexpr auto kHousekeepingPeriod = std::chrono::seconds(10);
// plugins.watch: how often the plugins directory listing is compared (docs/configuration.md); a
// change is loaded after two equal listings, so within two periods of the copy finishing.
constexpr auto kPluginWatchPeriod = std::chrono::seconds(1);

} // namespace

RunningDaemon::RunningDaemon(const config::Config& config, Clock& clock)
    : config_(config), clock_(clock), plugins_(config.plugins.dir), pipeline_(config, clock, plugins_) {}

void RunningDaemon::start() {
    // The plugins the pump will route to; reloaded on SIGHUP and `msgxctl plugins reload`. Every
    // load and refusal is logged by the host.
    plugins_.reload();
    pipeline_.start();
    control_.emplace(
        config_.control.socket,
        std::map<std::string, ControlServer::Command>{
            {"plugins list",
             [this] { return plugin::pluginListJson(plugins_.directory(), *plugins_.snapshot()); }},
            {"plugins reload",
             [this] { return plugin::reloadReportJson(plugins_.directory(), plugins_.reload()); }},
            {"status", [this] { return pipeline_.statusJson(); }},
        });
    control_->start();
    log::info("control socket {} ready", config_.control.socket);
    if (config_.http.enabled) {
        startHttp();
    }
    systemd_.ready(servingStatus());
}

void RunningDaemon::startHttp() {
    httpStore_ = storage::OwnStore::open(config::storeDatabase(config_.store), clock_);
    httpMailbox_ = config::openMailbox(config_);
    httpServices_.emplace(
        http::HttpServices{config_, clock_, *httpStore_, *httpMailbox_, plugins_, pipeline_, MSGX_VERSION});
    httpRouter_.emplace(http::makeRouter(*httpServices_));
    http_.emplace(config_.http, *httpRouter_, clock_);
    http_->start();
}

std::string RunningDaemon::servingStatus() const {
    return "serving " + std::to_string(plugins_.snapshot()->plugins().size()) + " plugin(s)";
}

void RunningDaemon::serve(ProcessSignals& signals, log::LoggingSystem& logging, metrics::Metrics& metrics) {
    // With WatchdogSec= set, the loop wakes at least every WatchdogSec/2 and proves it is alive
    // (the pump's loop takes this over once the pipeline exists).
    const auto loopPeriod =
        systemd_.loopPeriod(config_.plugins.watch ? kPluginWatchPeriod : kHousekeepingPeriod);
    std::optional<plugin::PluginDirectoryWatch> watch;
    if (config_.plugins.watch) {
        watch.emplace(config_.plugins.dir);
        log::info("plugins.watch: rescanning {} when its plugin files change", config_.plugins.dir);
    }
    auto nextHousekeeping = std::chrono::steady_clock::now() + kHousekeepingPeriod;
    for (;;) {
        const auto received = signals.wait(loopPeriod);
        systemd_.watchdog();
        switch (received) {
        case ProcessSignals::Received::None:
            if (watch && watch->changedSinceLoad()) {
                log::info("plugins.watch: {} changed: rescanning plugins", config_.plugins.dir);
                plugins_.reload();
            }
            if (std::chrono::steady_clock::now() >= nextHousekeeping) {
                metrics.logLinesDroppedTotal(logging.droppedLines());
                logging.reportDroppedLines();
                nextHousekeeping = std::chrono::steady_clock::now() + kHousekeepingPeriod;
            }
            break;
        case ProcessSignals::Received::Reload:
            log::info("SIGHUP received: rescanning plugins in {}", config_.plugins.dir);
            systemd_.reloading();
            plugins_.reload();
            systemd_.reloaded(servingStatus());
            break;
        case ProcessSignals::Received::Stop:
            systemd_.stopping();
            log::info("{} received: stopping", strsignal(signals.lastSignal()));
            stop(logging);
            return;
        }
    }
}

void RunningDaemon::stop(log::LoggingSystem& logging) {
    if (http_) {
        http_->stop(); // first: its endpoints read the pipeline's status
    }
    pipeline_.stop(); // each thread ends at a step boundary: no half transaction
    logging.reportDroppedLines();
}

} // namespace msgx::daemon
