#pragma once

#include "SystemdNotify.h"
#include "msgx/clock/Clock.h"
#include "msgx/config/Config.h"
#include "msgx/daemon/ControlServer.h"
#include "msgx/daemon/ProcessSignals.h"
#include "msgx/http/HttpApi.h"
#include "msgx/http/HttpServer.h"
#include "msgx/log/LoggingSystem.h"
#include "msgx/metrics/Metrics.h"
#include "msgx/pipeline/runtime/PipelineRuntime.h"
#include "msgx/plugin/PluginDirectoryWatch.h"
#include "msgx/plugin/PluginHost.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"

#include <memory>
#include <optional>
#include <string>

namespace msgx::daemon {

// The parts of a running msgxd and the order they come up in: the plugins, the pipeline's threads
// (each waits for the writer lease before it touches a database), the control socket, the HTTP side,
// then READY=1 to systemd, so that `systemctl start` returns once `msgxctl plugins list` works.
// Members are destroyed in the reverse order: the HTTP side first (its endpoints read the pipeline),
// the plugins last (the pump holds leases of them).
class RunningDaemon {
public:
    RunningDaemon(const config::Config& config, Clock& clock);
    RunningDaemon(const RunningDaemon&) = delete;
    RunningDaemon& operator=(const RunningDaemon&) = delete;

    // Loads the plugins and starts the pipeline, the control socket and the HTTP side.
    void start();

    // Until SIGINT or SIGTERM: SIGHUP (and, with plugins.watch, a changed plugins directory) rescans
    // the plugins, the systemd watchdog is fed, dropped log lines are counted and reported. Then
    // stops the HTTP side and the pipeline, each thread at a step boundary.
    void serve(ProcessSignals& signals, log::LoggingSystem& logging, metrics::Metrics& metrics);

private:
    // The HTTP side (docs/http.md) has its own store and mailbox sessions: a burst of HTTP calls
    // never takes a session the pump waits for. Both connect lazily, so a database that is down at
    // start is an answer of /health/ready, not a failed start.
    void startHttp();
    [[nodiscard]] std::string servingStatus() const;
    void stop(log::LoggingSystem& logging);

    const config::Config& config_;
    Clock& clock_;
    plugin::PluginHost plugins_;
    pipeline::PipelineRuntime pipeline_;
    std::optional<ControlServer> control_;
    std::unique_ptr<storage::OwnStore> httpStore_;
    std::unique_ptr<storage::Mailbox> httpMailbox_;
    std::optional<http::HttpServices> httpServices_;
    std::optional<http::Router> httpRouter_;
    std::optional<http::HttpServer> http_;
    const SystemdNotify systemd_;
};

} // namespace msgx::daemon
