#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace prometheus {
class Registry;
}

// The metrics of msgxd (docs/metrics.md), on one prometheus-cpp registry served by the HTTP side
// (GET /metrics). Every part of the process records through Metrics::process(): the counters and
// histograms where the event happens (pump, poller, dispatcher, back-fill, plugin host, lease,
// logging), the gauges that need a database read by the pipeline's sampler every few seconds, never
// per scrape (a scrape must not load the store).
//
// Thread-safe: prometheus-cpp metrics are atomic; a labelled series is created once under the
// family's lock and then reused.
namespace msgx::metrics {

// How a processing attempt ended (msgx_messages_processed_total{outcome}).
enum class Outcome { Succeeded, Skipped, Duplicate, Dead, Failed };

// What the sampler read from the store and the mailbox; a part it could not read is nullopt (its
// gauges keep the last value) and its *_up gauge says so.
struct StoreSample {
    std::vector<std::pair<std::string, std::int64_t>> messagesByState; // every state, 0 included
    std::int64_t queueDepth = 0;
    double headAgeSeconds = 0;
    double headBlockedSeconds = 0;
    struct Target {
        std::string target;
        std::int64_t pending = 0;
        std::int64_t sent = 0;
        std::int64_t dead = 0;
        double oldestPendingAgeSeconds = 0;
        bool held = false;
    };
    std::vector<Target> targets;
    std::int64_t backfillBacklog = 0;
    double backfillOldestDueAgeSeconds = 0;
};

class Metrics {
public:
    // The process's instance; the first call sets msgx_build_info{version}.
    static Metrics& process(const std::string& version = "unknown");
    explicit Metrics(const std::string& version);
    ~Metrics();
    Metrics(const Metrics&) = delete;
    Metrics& operator=(const Metrics&) = delete;

    // The `key` label of these three is bounded (KeyLabels.h): the served keys, up to
    // limits.unknown-key-labels other TYPE-STYP keys, then `other`.
    void messageProcessed(const std::string& key, Outcome outcome);
    void unknownKey(const std::string& key);
    // A repeat of a bound identity with another document (pipeline.identity-conflict).
    void identityConflict(const std::string& key);
    // Called only for a key a plugin serves, so `type` is bounded by the plugins.
    void handlerDuration(const std::string& type, std::chrono::duration<double> seconds);
    // The keys the loaded plugins serve (the plugin host, at every reload).
    void servedKeys(const std::vector<std::string>& keys);
    // limits.unknown-key-labels (msgxd at start; KeyLabels::kDefaultLimit until then).
    void limitUnknownKeyLabels(std::size_t limit);
    void commitDuration(std::chrono::duration<double> seconds);

    void eventsSent(const std::string& target, std::int64_t count);
    void deliveryLatency(const std::string& target, std::chrono::duration<double> seconds);
    // DEAD events a target moved on past (delivery.on-dead: continue); `count` 0 creates the series.
    void deadEventsPassed(const std::string& target, std::int64_t count);

    void backfillFailure();
    // Flights the history sweep moved, and those it could not move (US-15).
    void flightHistory(std::int64_t moved, std::int64_t failed);
    void flightsRevived(std::int64_t count);
    void pluginLoads(std::int64_t count);
    void pluginRefusals(std::int64_t count);
    void leaseHeld(bool writer);
    void leaseLost();
    void poll(bool succeeded);
    void gapsWaited(std::int64_t count);
    void lateRows(std::int64_t count);
    // Rows the late-commit sweep found (InboxPoller::sweepOnce): committed after the rescan horizon.
    void lateRowsSwept(std::int64_t count);
    void mailboxOldestUnprocessedAge(double seconds);
    // The poller takes nothing until an operator acts (pipeline::IntakeStopped).
    void intakeStopped(bool stopped);
    // The total the logging system reports; the counter moves up by the difference.
    void logLinesDroppedTotal(std::uint64_t total);

    // The sampler's reads (see StoreSample); nullopt: the store could not be read.
    void storeSample(const std::optional<StoreSample>& sample);
    void mailboxUp(bool up);

    // The Prometheus text format of every series.
    [[nodiscard]] std::string text() const;
    [[nodiscard]] prometheus::Registry& registry();

    class Families;

private:
    std::unique_ptr<Families> families_;
};

} // namespace msgx::metrics
