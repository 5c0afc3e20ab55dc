#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/Config.h"
#include "msgx/delivery/DispatcherStatus.h"
#include "msgx/json/JsonValue.h"
#include "msgx/plugin/PluginHost.h"
#include "msgx/storage/WriterLease.h"

#include <memory>
#include <optional>
#include <vector>

namespace msgx::pipeline {

// The daemon's main job (architecture.md §1, §8): one thread each for the writer lease, the inbox
// poller (with the late-commit compensation), the pump, one dispatcher per delivery target, the
// back-fill worker (not in shadow mode), the archive job, the requests (not in shadow mode) and the
// admin-API reference refresh (when refresh.classes names a class; in shadow mode only with
// refresh.in-shadow).
//
// Single writer (OPS-1): nothing but the lease thread touches the databases until this instance
// holds the writer lease; without it the instance is a standby that logs who holds the lease and
// waits. Every writer thread checks the lease before each step, so an instance whose lease ran out
// stops writing within one lease period.
//
// Failures never end a thread: a store or mailbox failure is logged and retried after a pause, and
// no message is marked failed for it (the pump's StoreUnavailable).
class PipelineRuntime {
public:
    // Opens nothing yet; start() does.
    PipelineRuntime(const config::Config& config, Clock& clock, const plugin::PluginHost& plugins);
    ~PipelineRuntime(); // stop()
    PipelineRuntime(const PipelineRuntime&) = delete;
    PipelineRuntime& operator=(const PipelineRuntime&) = delete;

    // Opens the own store, the mailbox and the delivery sinks and starts the threads. Throws when a
    // sink cannot be built from the configuration (an unusable file path, a refused Kafka setting).
    void start();

    // Stops every thread at a step boundary (a message's transaction is committed or not begun),
    // gives the lease up and closes the databases. Idempotent.
    void stop();

    // For `msgxctl status` through the control socket and the ops API: the lease, the dispatchers'
    // status, counts of this run.
    [[nodiscard]] json::JsonValue statusJson() const;

    // For the health checks (docs/http.md), any thread, after start(): whether this instance holds
    // the writer lease now; the lease row as the store has it (throws storage::InfraError when the
    // store fails; nullopt when nobody holds it); each delivery target's dispatcher.
    [[nodiscard]] bool isWriter() const;
    [[nodiscard]] std::optional<storage::LeaseHolder> leaseHolder() const;
    [[nodiscard]] std::vector<delivery::DispatcherStatus> deliveryStatus() const;

    // Wakes the requests thread at once (a request was just registered, POST /schd/sync), instead of
    // at its next requests.check-interval. No effect in shadow mode or before start().
    void wakeRequests();

    class Impl;

private:
    std::unique_ptr<Impl> impl_;
};

} // namespace msgx::pipeline
