#include "msgx/metrics/Metrics.h"

#include "msgx/metrics/KeyLabels.h"

#include <mutex>
#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>
#include <sstream>

namespace msgx::metrics {

namespace {

using prometheus::Counter;
using prometheus::Family;
using prometheus::Gauge;
using prometheus::Histogram;

// Handler decisions take microseconds to a few ms; a commit of 50 messages tens of ms; delivery is
// bounded below by the dispatcher's claim period and above by broker outages.
const Histogram::BucketBoundaries kHandlerBuckets{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005,
                                                  0.01,   0.025,   0.05,   0.1,   0.25,   1};
const Histogram::BucketBoundaries kCommitBuckets{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                                                 0.25,  0.5,    1,     2.5,  5,     10};
const Histogram::BucketBoundaries kDeliveryBuckets{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
                                                   1,     2.5,  5,     10,   30,  60,   300};

std::string outcomeName(Outcome outcome) {
    switch (outcome) {
    case Outcome::Succeeded:
        return "succeeded";
    case Outcome::Skipped:
        return "skipped";
    case Outcome::Duplicate:
        return "duplicate";
    case Outcome::Dead:
        return "dead";
    case Outcome::Failed:
        return "failed";
    }
    return "unknown";
}

} // namespace

class Metrics::Families {
public:
    explicit Families(const std::string& version)
        : registry(std::make_shared<prometheus::Registry>()),
          buildInfo(prometheus::BuildGauge()
                        .Name("msgx_build_info")
                        .Help("The running build of msgxd")
                        .Register(*registry)),
          processed(prometheus::BuildCounter()
                        .Name("msgx_messages_processed_total")
                        .Help("Messages that ended a processing attempt, by routing key and outcome")
                        .Register(*registry)),
          messages(prometheus::BuildGauge()
                       .Name("msgx_messages")
                       .Help("PROC_STATE rows per state")
                       .Register(*registry)),
          unknownKeys(prometheus::BuildCounter()
                          .Name("msgx_unknown_key_messages_total")
                          .Help("Messages no handler serves (UNSUPPORTED), by routing key")
                          .Register(*registry)),
          identityConflicts(
              prometheus::BuildCounter()
                  .Name("msgx_identity_conflicts_total")
                  .Help("Repeats of a bound identity whose document differs from the one that bound it, "
                        "by routing key")
                  .Register(*registry)),
          queueDepth(prometheus::BuildGauge()
                         .Name("msgx_queue_depth")
                         .Help("Unfinished messages (PENDING and FAILED)")
                         .Register(*registry)
                         .Add({})),
          headAge(prometheus::BuildGauge()
                      .Name("msgx_queue_head_age_seconds")
                      .Help("Age of the head message since it was enqueued (0: empty queue)")
                      .Register(*registry)
                      .Add({})),
          headBlocked(prometheus::BuildGauge()
                          .Name("msgx_queue_head_blocked_seconds")
                          .Help("How long the head message has been failing (0: it has not failed)")
                          .Register(*registry)
                          .Add({})),
          intakeStopped(
              prometheus::BuildGauge()
                  .Name("msgx_intake_stopped")
                  .Help("1 while the poller takes no mailbox rows until an operator acts (first start "
                        "without a choice, mailbox behind the watermark)")
                  .Register(*registry)
                  .Add({})),
          mailboxOldest(
              prometheus::BuildGauge()
                  .Name("msgx_mailbox_oldest_unprocessed_age_seconds")
                  .Help("Age of the oldest mailbox row not yet queued: above the watermark or in a gap")
                  .Register(*registry)
                  .Add({})),
          handler(prometheus::BuildHistogram()
                      .Name("msgx_handler_duration_seconds")
                      .Help("Time a handler takes to decide one message, by message TYPE")
                      .Register(*registry)),
          commit(prometheus::BuildHistogram()
                     .Name("msgx_commit_duration_seconds")
                     .Help("One processing transaction (one or more messages)")
                     .Register(*registry)
                     .Add({}, kCommitBuckets)),
          events(prometheus::BuildGauge()
                     .Name("msgx_events")
                     .Help("MSG_EVENT rows per target and state")
                     .Register(*registry)),
          eventsOldest(prometheus::BuildGauge()
                           .Name("msgx_events_oldest_pending_age_seconds")
                           .Help("Age of the oldest PENDING event of a target (0: none)")
                           .Register(*registry)),
          eventsSent(prometheus::BuildCounter()
                         .Name("msgx_events_sent_total")
                         .Help("Events the sink acknowledged since start, by target")
                         .Register(*registry)),
          eventsDeadPassed(
              prometheus::BuildCounter()
                  .Name("msgx_events_dead_passed_total")
                  .Help("DEAD events a delivery target moved on past (delivery.on-dead: continue)")
                  .Register(*registry)),
          delivery(prometheus::BuildHistogram()
                       .Name("msgx_delivery_latency_seconds")
                       .Help("Event created to acknowledged by the sink, by target")
                       .Register(*registry)),
          targetHeld(prometheus::BuildGauge()
                         .Name("msgx_delivery_target_held")
                         .Help("1 while a delivery target is held at a DEAD event (delivery.on-dead: stop)")
                         .Register(*registry)),
          backfillBacklog(prometheus::BuildGauge()
                              .Name("msgx_backfill_backlog")
                              .Help("Mailbox back-fills due")
                              .Register(*registry)
                              .Add({})),
          backfillOldest(prometheus::BuildGauge()
                             .Name("msgx_backfill_oldest_due_age_seconds")
                             .Help("Age of the oldest due back-fill since its message ended (0: none)")
                             .Register(*registry)
                             .Add({})),
          backfillFailures(prometheus::BuildCounter()
                               .Name("msgx_backfill_failures_total")
                               .Help("Back-fill writes into the mailbox that failed")
                               .Register(*registry)
                               .Add({})),
          flightsMovedToHistory(
              prometheus::BuildCounter()
                  .Name("msgx_flights_moved_to_history_total")
                  .Help("Flights the history sweep moved out of the live set (flights.history-after)")
                  .Register(*registry)
                  .Add({})),
          flightHistoryFailures(
              prometheus::BuildCounter()
                  .Name("msgx_flight_history_failures_total")
                  .Help("Flights the history sweep could not move (skipped until its next run)")
                  .Register(*registry)
                  .Add({})),
          flightsRevived(prometheus::BuildCounter()
                             .Name("msgx_flights_revived_total")
                             .Help("Flights a message brought back from the history into the live set")
                             .Register(*registry)
                             .Add({})),
          pluginLoads(prometheus::BuildCounter()
                          .Name("msgx_plugin_loads_total")
                          .Help("Handler plugins loaded (at start and on reload)")
                          .Register(*registry)
                          .Add({})),
          pluginRefusals(prometheus::BuildCounter()
                             .Name("msgx_plugin_refusals_total")
                             .Help("Plugin files refused (ABI, entry symbol, a key served twice, ...)")
                             .Register(*registry)
                             .Add({})),
          leaseWriter(prometheus::BuildGauge()
                          .Name("msgx_lease_writer")
                          .Help("1 while this instance holds the writer lease")
                          .Register(*registry)
                          .Add({})),
          leaseLost(prometheus::BuildCounter()
                        .Name("msgx_lease_lost_total")
                        .Help("Times this instance lost the writer lease it held")
                        .Register(*registry)
                        .Add({})),
          mailboxUp(prometheus::BuildGauge()
                        .Name("msgx_mailbox_up")
                        .Help("1 when the last mailbox read succeeded")
                        .Register(*registry)
                        .Add({})),
          storeUp(prometheus::BuildGauge()
                      .Name("msgx_store_up")
                      .Help("1 when the last own-store read of the sampler succeeded")
                      .Register(*registry)
                      .Add({})),
          polls(prometheus::BuildCounter()
                    .Name("msgx_polls_total")
                    .Help("Mailbox polls")
                    .Register(*registry)
                    .Add({})),
          pollFailures(prometheus::BuildCounter()
                           .Name("msgx_poll_failures_total")
                           .Help("Mailbox polls that failed")
                           .Register(*registry)
                           .Add({})),
          gaps(prometheus::BuildCounter()
                   .Name("msgx_gaps_waited_total")
                   .Help("Mailbox id gaps the poller waited for")
                   .Register(*registry)
                   .Add({})),
          lateRows(prometheus::BuildCounter()
                       .Name("msgx_late_rows_total")
                       .Help("Mailbox rows the compensation scan found after their gap was given up")
                       .Register(*registry)
                       .Add({})),
          lateRowsSwept(
              prometheus::BuildCounter()
                  .Name("msgx_late_rows_swept_total")
                  .Help("Mailbox rows the late-commit sweep found: committed after the rescan horizon, "
                        "never seen before")
                  .Register(*registry)
                  .Add({})),
          logDropped(prometheus::BuildCounter()
                         .Name("msgx_log_lines_dropped_total")
                         .Help("Log lines dropped because the log queue was full")
                         .Register(*registry)
                         .Add({})) {
        buildInfo.Add({{"version", version}}).Set(1);
        mailboxUp.Set(1);
        storeUp.Set(1);
    }

    std::shared_ptr<prometheus::Registry> registry;
    Family<Gauge>& buildInfo;
    Family<Counter>& processed;
    Family<Gauge>& messages;
    Family<Counter>& unknownKeys;
    Family<Counter>& identityConflicts;
    Gauge& queueDepth;
    Gauge& headAge;
    Gauge& headBlocked;
    Gauge& intakeStopped;
    Gauge& mailboxOldest;
    Family<Histogram>& handler;
    Histogram& commit;
    Family<Gauge>& events;
    Family<Gauge>& eventsOldest;
    Family<Counter>& eventsSent;
    Family<Counter>& eventsDeadPassed;
    Family<Histogram>& delivery;
    Family<Gauge>& targetHeld;
    Gauge& backfillBacklog;
    Gauge& backfillOldest;
    Counter& backfillFailures;
    Counter& flightsMovedToHistory;
    Counter& flightHistoryFailures;
    Counter& flightsRevived;
    Counter& pluginLoads;
    Counter& pluginRefusals;
    Gauge& leaseWriter;
    Counter& leaseLost;
    Gauge& mailboxUp;
    Gauge& storeUp;
    Counter& polls;
    Counter& pollFailures;
    Counter& gaps;
    Counter& lateRows;
    Counter& lateRowsSwept;
    Counter& logDropped;
    std::mutex droppedMutex;
    std::uint64_t droppedSeen = 0;
    KeyLabels keyLabels;
};

Metrics& Metrics::process(const std::string& version) {
    static Metrics instance(version);
    return instance;
}

Metrics::Metrics(const std::string& version) : families_(std::make_unique<Families>(version)) {}

Metrics::~Metrics() = default;

void Metrics::messageProcessed(const std::string& key, Outcome outcome) {
    families_->processed.Add({{"key", families_->keyLabels.labelFor(key)}, {"outcome", outcomeName(outcome)}})
        .Increment();
}

void Metrics::unknownKey(const std::string& key) {
    families_->unknownKeys.Add({{"key", families_->keyLabels.labelFor(key)}}).Increment();
}

void Metrics::handlerDuration(const std::string& type, std::chrono::duration<double> seconds) {
    families_->handler.Add({{"type", type.empty() ? "unknown" : type}}, kHandlerBuckets)
        .Observe(seconds.count());
}

void Metrics::servedKeys(const std::vector<std::string>& keys) {
    families_->keyLabels.setServed(keys);
}

void Metrics::limitUnknownKeyLabels(std::size_t limit) {
    families_->keyLabels.setLimit(limit);
}

void Metrics::commitDuration(std::chrono::duration<double> seconds) {
    families_->commit.Observe(seconds.count());
}

void Metrics::eventsSent(const std::string& target, std::int64_t count) {
    families_->eventsSent.Add({{"target", target}}).Increment(static_cast<double>(count));
}

void Metrics::deadEventsPassed(const std::string& target, std::int64_t count) {
    families_->eventsDeadPassed.Add({{"target", target}}).Increment(static_cast<double>(count));
}

void Metrics::deliveryLatency(const std::string& target, std::chrono::duration<double> seconds) {
    families_->delivery.Add({{"target", target}}, kDeliveryBuckets).Observe(seconds.count());
}

void Metrics::backfillFailure() {
    families_->backfillFailures.Increment();
}

void Metrics::flightHistory(std::int64_t moved, std::int64_t failed) {
    families_->flightsMovedToHistory.Increment(static_cast<double>(moved));
    families_->flightHistoryFailures.Increment(static_cast<double>(failed));
}

void Metrics::flightsRevived(std::int64_t count) {
    families_->flightsRevived.Increment(static_cast<double>(count));
}

void Metrics::pluginLoads(std::int64_t count) {
    families_->pluginLoads.Increment(static_cast<double>(count));
}

void Metrics::pluginRefusals(std::int64_t count) {
    families_->pluginRefusals.Increment(static_cast<double>(count));
}

void Metrics::leaseHeld(bool writer) {
    families_->leaseWriter.Set(writer ? 1 : 0);
}

void Metrics::leaseLost() {
    families_->leaseLost.Increment();
}

void Metrics::poll(bool succeeded) {
    families_->polls.Increment();
    if (!succeeded) {
        families_->pollFailures.Increment();
    }
    families_->mailboxUp.Set(succeeded ? 1 : 0);
}

void Metrics::gapsWaited(std::int64_t count) {
    families_->gaps.Increment(static_cast<double>(count));
}

void Metrics::identityConflict(const std::string& key) {
    families_->identityConflicts.Add({{"key", families_->keyLabels.labelFor(key)}}).Increment();
}

void Metrics::lateRows(std::int64_t count) {
    families_->lateRows.Increment(static_cast<double>(count));
}

void Metrics::lateRowsSwept(std::int64_t count) {
    families_->lateRowsSwept.Increment(static_cast<double>(count));
}

void Metrics::intakeStopped(bool stopped) {
    families_->intakeStopped.Set(stopped ? 1.0 : 0.0);
}

void Metrics::mailboxOldestUnprocessedAge(double seconds) {
    families_->mailboxOldest.Set(seconds);
}

void Metrics::logLinesDroppedTotal(std::uint64_t total) {
    const std::lock_guard<std::mutex> lock(families_->droppedMutex);
    if (total > families_->droppedSeen) {
        families_->logDropped.Increment(static_cast<double>(total - families_->droppedSeen));
        families_->droppedSeen = total;
    }
}

void Metrics::storeSample(const std::optional<StoreSample>& sample) {
    families_->storeUp.Set(sample ? 1 : 0);
    if (!sample) {
        return;
    }
    for (const auto& [state, count] : sample->messagesByState) {
        families_->messages.Add({{"state", state}}).Set(static_cast<double>(count));
    }
    families_->queueDepth.Set(static_cast<double>(sample->queueDepth));
    families_->headAge.Set(sample->headAgeSeconds);
    families_->headBlocked.Set(sample->headBlockedSeconds);
    for (const auto& t : sample->targets) {
        families_->events.Add({{"target", t.target}, {"state", "PENDING"}})
            .Set(static_cast<double>(t.pending));
        families_->events.Add({{"target", t.target}, {"state", "SENT"}}).Set(static_cast<double>(t.sent));
        families_->events.Add({{"target", t.target}, {"state", "DEAD"}}).Set(static_cast<double>(t.dead));
        families_->eventsOldest.Add({{"target", t.target}}).Set(t.oldestPendingAgeSeconds);
        families_->targetHeld.Add({{"target", t.target}}).Set(t.held ? 1 : 0);
        families_->eventsSent.Add({{"target", t.target}}); // present (0) before the first send
    }
    families_->backfillBacklog.Set(static_cast<double>(sample->backfillBacklog));
    families_->backfillOldest.Set(sample->backfillOldestDueAgeSeconds);
}

void Metrics::mailboxUp(bool up) {
    families_->mailboxUp.Set(up ? 1 : 0);
}

std::string Metrics::text() const {
    std::ostringstream out;
    prometheus::TextSerializer().Serialize(out, families_->registry->Collect());
    return out.str();
}

prometheus::Registry& Metrics::registry() {
    return *families_->registry;
}

} // namespace msgx::metrics
