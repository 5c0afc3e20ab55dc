#include "msgx/pipeline/runtime/PipelineRuntime.h"

#include "msgx/config/DeliverySettings.h"
#include "msgx/config/StorageSettings.h"
#include "msgx/delivery/ClaimRecovery.h"
#include "msgx/delivery/Dispatcher.h"
#include "msgx/delivery/SinkFactory.h"
#include "msgx/log/Log.h"
#include "msgx/metrics/Metrics.h"
#include "msgx/pipeline/housekeeping/ArchiveJob.h"
#include "msgx/pipeline/housekeeping/BackfillWorker.h"
#include "msgx/pipeline/housekeeping/StoreSampler.h"
#include "msgx/pipeline/intake/InboxPoller.h"
#include "msgx/pipeline/intake/IntakeStopped.h"
#include "msgx/pipeline/intake/PollCadence.h"
#include "msgx/pipeline/pump/Pump.h"
#include "msgx/pipeline/reference/ReferenceRefresh.h"
#include "msgx/pipeline/requests/RequestCoordinator.h"
#include "msgx/pipeline/runtime/Wakeup.h"
#include "msgx/pipeline/runtime/WriterLeaseKeeper.h"
#include "msgx/storage/DatabaseSettings.h"
#include "msgx/storage/InfraError.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace msgx::pipeline {

namespace {

using namespace std::chrono_literals;
using storage::Timestamp;

// Pause after a store or mailbox failure before a thread tries again.
constexpr auto kFailurePause = 1s;
// Pause after an unexpected exception (a bug): long enough not to flood the log.
constexpr auto kBugPause = 5s;
// How often a stopped intake checks again (and logs at ERROR) whether the operator has acted.
constexpr auto kIntakeStoppedPause = 30s;
// How many head events of a target a new writer looks at for claims left by the previous one.
constexpr int kClaimRecoveryLimit = 5000;
// How often the gauges that need a database read are refreshed (docs/metrics.md).
constexpr auto kMetricsPeriod = 5s;

} // namespace

class PipelineRuntime::Impl {
public:
    Impl(const config::Config& config, Clock& clock, const plugin::PluginHost& plugins)
        : config_(config), clock_(clock), plugins_(plugins) {}

    // Opens the stores, builds every component from its settings and starts the threads, in that
    // order; a failure before the threads start leaves nothing running.
    void start() {
        openStores();
        buildDelivery();
        buildComponents();
        startThreads();
    }

    void openStores() {
        auto storeSettings = config::storeDatabase(config_.store);
        // A writer paused inside a transaction holds its fence's shared lock on the lease row; the
        // server ends that transaction after a lease period, so a standby's take-over does not wait
        // for the paused process (docs/storage.md "Writer lease").
        storeSettings.idleInTransactionTimeout =
            std::max<std::chrono::milliseconds>(config_.lease.period, 2s);
        store_ = storage::OwnStore::open(storeSettings, clock_);
        mailbox_ = config::openMailbox(config_);
        lease_ = std::make_unique<WriterLeaseKeeper>(store_->lease(), clock_, config_.lease.period,
                                                     WriterLeaseKeeper::defaultOwner(clock_.now()));
    }

    // One sink, dispatcher and wake-up per delivery target.
    void buildDelivery() {
        for (const auto& [name, target] : config_.delivery.targets) {
            auto sink = delivery::makeSink(config::sinkSettings(config_, name));
            log::info("delivery target {}: {}", name, sink->describe());
            auto dispatcher = std::make_unique<delivery::Dispatcher>(
                *store_, *sink, clock_, config::dispatcherSettings(config_.delivery, name));
            sinks_.push_back(std::move(sink));
            dispatchers_.push_back(std::move(dispatcher));
            deliveryWakeups_.push_back(std::make_unique<Wakeup>());
        }
    }

    // The poller, the pump and the work beside it; in shadow mode neither back-fill nor requests.
    void buildComponents() {
        poller_ =
            std::make_unique<InboxPoller>(*store_, mailbox_->inbox(), clock_, IntakeSettings::of(config_));
        pump_ = std::make_unique<Pump>(*store_, plugins_, clock_, PumpSettings::of(config_));
        if (!config_.shadow) {
            backfill_ =
                std::make_unique<BackfillWorker>(*store_, mailbox_->inbox(), clock_, config_.backfill);
            requests_ = std::make_unique<RequestCoordinator>(*store_, &mailbox_->outbox(), clock_,
                                                             RequestSettings::of(config_));
            pump_->setOutboundRegistrar(
                [this](const std::string& origin, const sdk::OutboundRequest& request) {
                    requests_->registerOutbound(origin, request);
                });
        } else {
            log::warn("shadow mode: nothing is written into the mailbox (no back-fill, no requests)");
        }
        archive_ = std::make_unique<ArchiveJob>(*store_, clock_, ArchiveSettings::of(config_));
        if (!config_.refresh.classes.empty()) {
            if (config_.shadow && !config_.refresh.inShadow) {
                log::info("shadow mode: the reference refresh does not run (refresh.in-shadow: false)");
            } else {
                refresh_ = std::make_unique<ReferenceRefresh>(
                    store_->references(), clock_, config_.refresh, [this] { pump_->referencesChanged(); },
                    &referenceWrites_);
            }
        }
    }

    void startThreads() {
        threads_.emplace_back([this](std::stop_token stop) { leaseLoop(stop); });
        threads_.emplace_back([this](std::stop_token stop) { pollerLoop(stop); });
        threads_.emplace_back([this](std::stop_token stop) { pumpLoop(stop); });
        for (std::size_t i = 0; i < dispatchers_.size(); ++i) {
            startDispatcher(*dispatchers_[i], *deliveryWakeups_[i]);
        }
        if (backfill_) {
            threads_.emplace_back([this](std::stop_token stop) {
                writerLoop(stop, "back-fill", [this] { return backfill_->runOnce().nextAt; });
            });
        }
        threads_.emplace_back([this](std::stop_token stop) { archiveLoop(stop); });
        threads_.emplace_back([this](std::stop_token stop) { metricsLoop(stop); });
        if (refresh_) {
            threads_.emplace_back([this](std::stop_token stop) { refreshLoop(stop); });
        }
        if (requests_) {
            threads_.emplace_back([this](std::stop_token stop) {
                writerLoop(
                    stop, "requests",
                    [this] {
                        requests_->tick();
                        return clock_.now() + config_.requests.checkInterval;
                    },
                    {}, &requestsWakeup_);
            });
        }
    }

    // The thread of one target's dispatcher: it runs while this process holds the writer lease, and
    // a new writer first makes the claims the previous one left due again.
    void startDispatcher(delivery::Dispatcher& dispatcher, Wakeup& wakeup) {
        const std::string target = dispatcher.status().target;
        threads_.emplace_back([this, d = &dispatcher, wakeup = &wakeup, target](std::stop_token stop) {
            writerLoop(
                stop, "dispatcher " + target, [d] { return d->runOnce(); },
                [this, d, target] {
                    d->writerChanged();
                    if (const int released =
                            delivery::releaseStaleClaims(*store_, target, clock_.now(), kClaimRecoveryLimit);
                        released > 0) {
                        log::info("delivery target {}: {} event(s) claimed or backing off under the "
                                  "previous writer are due again",
                                  target, released);
                    }
                },
                wakeup);
        });
    }

    void stop() {
        for (auto& thread : threads_) {
            thread.request_stop();
        }
        pumpWakeup_.notify();
        requestsWakeup_.notify();
        wakeDelivery();
        threads_.clear(); // joins
        if (lease_ && lease_->epoch()) {
            try {
                lease_->release();
                log::info("writer lease released");
            } catch (const std::exception& e) {
                log::warn("writer lease not released ({}); it runs out after {} ms", e.what(),
                          config_.lease.period.count());
            }
        }
        dispatchers_.clear();
        deliveryWakeups_.clear();
        sinks_.clear();
        pump_.reset();
        poller_.reset();
        backfill_.reset();
        archive_.reset();
        requests_.reset();
        refresh_.reset();
        lease_.reset();
        mailbox_.reset();
        store_.reset();
    }

    [[nodiscard]] json::JsonValue statusJson() const {
        using json::JsonValue;
        auto status = JsonValue::object();
        status.set("writer", JsonValue::boolean(lease_ && lease_->holds()));
        status.set("leaseOwner", JsonValue::string(lease_ ? lease_->owner() : ""));
        status.set("messagesFinished", JsonValue::integer(finished_.load()));
        status.set("messagesFailed", JsonValue::integer(failed_.load()));
        auto targets = JsonValue::object();
        for (const auto& dispatcher : dispatchers_) {
            const auto s = dispatcher->status();
            auto item = JsonValue::object();
            item.set("sink", JsonValue::string(s.sink));
            item.set("healthy", JsonValue::boolean(s.healthy));
            item.set("held", JsonValue::boolean(s.held));
            item.set("problem", s.problem.empty() ? JsonValue() : JsonValue::string(s.problem));
            item.set("pending", JsonValue::integer(s.pending));
            item.set("dead", JsonValue::integer(s.dead));
            item.set("sentSinceStart", JsonValue::integer(s.sentTotal));
            targets.set(s.target, std::move(item));
        }
        status.set("delivery", std::move(targets));
        return status;
    }

    [[nodiscard]] bool isWriter() const { return lease_ && lease_->holds(); }

    [[nodiscard]] std::optional<storage::LeaseHolder> leaseHolder() const {
        if (!store_) {
            return std::nullopt;
        }
        return store_->lease().holder(WriterLeaseKeeper::kLeaseName);
    }

    [[nodiscard]] std::vector<delivery::DispatcherStatus> deliveryStatus() const {
        std::vector<delivery::DispatcherStatus> statuses;
        for (const auto& dispatcher : dispatchers_) {
            statuses.push_back(dispatcher->status());
        }
        return statuses;
    }

    void wakeRequests() { requestsWakeup_.notify(); }

private:
    // Ends the dispatchers' pause between rounds early; a dispatcher that finds nothing due sleeps again.
    void wakeDelivery() {
        for (auto& wakeup : deliveryWakeups_) {
            wakeup->notify();
        }
    }

    // Sleeps until `deadline` (or stop); false when stopping.
    bool pauseUntil(std::stop_token stop, Timestamp deadline) {
        clock_.sleepUntil(deadline, stop);
        return !stop.stop_requested();
    }

    // Waits until this instance holds the writer lease; false when stopping.
    bool awaitLease(std::stop_token stop) {
        while (!lease_->holds()) {
            if (!pauseUntil(stop, clock_.now() + leaseCheckPeriod())) {
                return false;
            }
        }
        return !stop.stop_requested();
    }

    [[nodiscard]] std::chrono::milliseconds leaseCheckPeriod() const {
        return std::max<std::chrono::milliseconds>(config_.lease.period / 10, 50ms);
    }

    // Runs `step` (which returns when it is due next) while holding the lease, until stopped;
    // `becameWriter` runs first each time this instance (again) holds the lease.
    // `wakeup`, when given, ends the pause between steps early (Wakeup::notify).
    void writerLoop(std::stop_token stop, const std::string& name, const std::function<Timestamp()>& step,
                    const std::function<void()>& becameWriter = {}, Wakeup* wakeup = nullptr) {
        bool writer = false;
        while (awaitLease(stop)) {
            Timestamp next = clock_.now() + kFailurePause;
            try {
                if (!writer && becameWriter) {
                    becameWriter();
                }
                writer = true;
                next = step();
            } catch (const storage::InfraError& e) {
                log::warn("{}: {}; trying again in {} ms", name, e.what(),
                          std::chrono::duration_cast<std::chrono::milliseconds>(kFailurePause).count());
            } catch (const std::exception& e) {
                log::error("{}: unexpected failure: {}; trying again in {} s", name, e.what(),
                           std::chrono::duration_cast<std::chrono::seconds>(kBugPause).count());
                next = clock_.now() + kBugPause;
            }
            // Never sleep past a lease check: a standby must notice promptly when it becomes writer.
            const Timestamp until = std::min(next, clock_.now() + config_.lease.period);
            if (wakeup != nullptr) {
                wakeup->sleepUntil(clock_, until, stop);
                if (stop.stop_requested()) {
                    return;
                }
            } else if (!pauseUntil(stop, until)) {
                return;
            }
            writer = writer && lease_->holds();
        }
    }

    void leaseLoop(std::stop_token stop) {
        bool wasWriter = false;
        while (!stop.stop_requested()) {
            bool writer = false;
            try {
                writer = lease_->maintain(); // logs acquired / lost / standby once each
            } catch (const std::exception& e) {
                log::warn("writer lease: {}; trying again", e.what());
            }
            if (writer && !wasWriter) {
                pumpWakeup_.notify();
            }
            if (wasWriter && !writer) {
                metrics::Metrics::process().leaseLost();
            }
            metrics::Metrics::process().leaseHeld(writer);
            wasWriter = writer;
            if (!pauseUntil(stop, lease_->nextTickAfter(clock_.now()))) {
                return;
            }
        }
    }

    void pollerLoop(std::stop_token stop) {
        auto nextCompensation = clock_.now() + config_.pipeline.compensationInterval;
        auto nextSweep = clock_.now() + config_.pipeline.sweepInterval;
        const auto pollStep = [this, &nextCompensation, &nextSweep] {
            const Timestamp started = clock_.now();
            auto& metrics = metrics::Metrics::process();
            const auto stopped = [this, &metrics](const IntakeStopped& e) {
                metrics.intakeStopped(true);
                log::error("poller: intake stopped: {}", e.what());
                return clock_.now() + kIntakeStoppedPause;
            };
            PollReport report;
            try {
                report = poller_->pollOnce();
            } catch (const storage::InfraError&) {
                metrics.poll(false);
                throw;
            } catch (const IntakeStopped& e) {
                return stopped(e);
            }
            metrics.intakeStopped(false);
            metrics.poll(true);
            metrics.gapsWaited(static_cast<std::int64_t>(report.expiredGaps.size()));
            metrics.mailboxOldestUnprocessedAge(
                report.oldestWaiting
                    ? std::max(0.0,
                               std::chrono::duration<double>(clock_.now() - *report.oldestWaiting).count())
                    : 0.0);
            if (report.enqueued > 0) {
                pumpWakeup_.notify();
            }
            if (clock_.now() >= nextCompensation) {
                nextCompensation = clock_.now() + config_.pipeline.compensationInterval;
                CompensationReport late;
                try {
                    late = poller_->compensateOnce();
                } catch (const IntakeStopped& e) {
                    return stopped(e);
                }
                metrics.lateRows(static_cast<std::int64_t>(late.late.size()));
                if (!late.late.empty()) {
                    pumpWakeup_.notify();
                }
            }
            if (clock_.now() >= nextSweep) {
                nextSweep = clock_.now() + config_.pipeline.sweepInterval;
                const auto swept = poller_->sweepOnce();
                metrics.lateRowsSwept(static_cast<std::int64_t>(swept.late.size()));
                if (!swept.late.empty()) {
                    pumpWakeup_.notify();
                }
            }
            // A full read that moved the watermark: more rows may be waiting (also when they were all
            // queued already, e.g. after a restart). A full read that did not move it waits for a gap.
            const bool more =
                report.read >= config_.pipeline.batchSize && report.watermarkAfter != report.watermarkBefore;
            return more ? clock_.now() : nextPollAt(started, clock_.now(), config_.pipeline.pollInterval);
        };
        // Becoming the writer also finishes a flight history run that a crash or a take-over cut short.
        writerLoop(stop, "poller", pollStep, [this] {
            recountStates();
            pump_->startFlightHistorySweep();
        });
    }

    // The kept state counts (ProcessingQueue::recountStates) are set from the rows each time this
    // instance becomes the writer: a count that rows changed by hand left wrong is right again after
    // a restart or a take-over.
    void recountStates() {
        const auto started = std::chrono::steady_clock::now();
        const auto corrections = store_->processing().recountStates();
        for (const auto& c : corrections) {
            log::warn("store: {} {} held {} but the rows say {}; set to {} (rows changed outside msgx?)",
                      c.table, c.key, c.kept, c.counted, c.counted);
        }
        log::info(
            "store: message and event counts checked in {} ms ({} corrected)",
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started)
                .count(),
            corrections.size());
    }

    void pumpLoop(std::stop_token stop) {
        auto unavailablePause = std::chrono::milliseconds(kFailurePause);
        while (awaitLease(stop)) {
            Timestamp next = clock_.now() + config_.pipeline.pollInterval;
            try {
                const auto step = [this] {
                    const std::lock_guard<std::mutex> lock(referenceWrites_); // see ReferenceRefresh
                    return pump_->step();
                }();
                finished_ += step.finished;
                failed_ += step.failed;
                if (step.finished > 0 || step.movedToHistory > 0) {
                    wakeDelivery(); // the commit may have queued events: latency is not the idle poll
                }
                switch (step.kind) {
                case PumpStep::Kind::Progress:
                    unavailablePause = kFailurePause;
                    continue; // the next message at once
                case PumpStep::Kind::Idle:
                    unavailablePause = kFailurePause;
                    break; // until the poller queues something, or the poll interval
                case PumpStep::Kind::HeadWaiting:
                    unavailablePause = kFailurePause;
                    next = step.nextAt;
                    break;
                case PumpStep::Kind::StoreUnavailable:
                    log::warn("pump: own store unavailable ({}); no message is marked, trying again in {} ms",
                              step.problem, unavailablePause.count());
                    next = clock_.now() + unavailablePause;
                    unavailablePause = std::min<std::chrono::milliseconds>(unavailablePause * 2, 10s);
                    break;
                }
            } catch (const std::exception& e) {
                log::error("pump: unexpected failure: {}; trying again in {} s", e.what(),
                           std::chrono::duration_cast<std::chrono::seconds>(kBugPause).count());
                next = clock_.now() + kBugPause;
            }
            pumpWakeup_.sleepUntil(clock_, std::min(next, clock_.now() + config_.lease.period), stop);
        }
    }

    // Every refresh.interval while this instance is the writer, the first run when it becomes one.
    // writerLoop may call the step early (it wakes at least once per lease period): not due, no run.
    void refreshLoop(std::stop_token stop) {
        Timestamp due = clock_.now();
        writerLoop(stop, "reference refresh", [this, &due] {
            if (clock_.now() < due) {
                return due;
            }
            refresh_->runOnce(); // logs each class; a failed class waits for the next run
            due = clock_.now() + config_.refresh.interval;
            return due;
        });
    }

    // The gauges that need a database read (docs/metrics.md), every kMetricsPeriod, on every
    // instance (a standby reports the store it shares with the writer). Reads only.
    void metricsLoop(std::stop_token stop) {
        std::vector<std::string> targets;
        for (const auto& [name, target] : config_.delivery.targets) {
            targets.push_back(name);
        }
        StoreSampler sampler(*store_, clock_, std::move(targets));
        while (!stop.stop_requested()) {
            metrics::Metrics::process().storeSample(sampler.sample());
            if (!pauseUntil(stop, clock_.now() + kMetricsPeriod)) {
                return;
            }
        }
    }

    void archiveLoop(std::stop_token stop) {
        auto next = archive_->nextRunAfter(clock_.now());
        while (pauseUntil(stop, std::min(next, clock_.now() + config_.lease.period))) {
            if (clock_.now() < next || !lease_->holds()) {
                continue;
            }
            try {
                pump_->startFlightHistorySweep(); // runs in the pump, the only writer of flights
                pumpWakeup_.notify();
                const auto report = archive_->runOnce();
                log::info("archive: {} message(s) and {} event(s) moved to the history tables",
                          report.messages, report.events);
                next = archive_->nextRunAfter(clock_.now());
            } catch (const std::exception& e) {
                log::warn("archive: {}; trying again in 5 minutes", e.what());
                next = clock_.now() + std::chrono::minutes(5);
            }
        }
    }

    const config::Config& config_;
    Clock& clock_;
    const plugin::PluginHost& plugins_;
    std::unique_ptr<storage::OwnStore> store_;
    std::unique_ptr<storage::Mailbox> mailbox_;
    std::unique_ptr<WriterLeaseKeeper> lease_;
    std::vector<std::unique_ptr<delivery::DeliverySink>> sinks_;
    std::vector<std::unique_ptr<delivery::Dispatcher>> dispatchers_;
    std::unique_ptr<InboxPoller> poller_;
    std::unique_ptr<Pump> pump_;
    std::unique_ptr<BackfillWorker> backfill_;
    std::unique_ptr<ArchiveJob> archive_;
    std::unique_ptr<RequestCoordinator> requests_; // none in shadow mode
    std::unique_ptr<ReferenceRefresh> refresh_;    // none without refresh.classes, or in shadow mode
    std::mutex referenceWrites_;                   // held around each pump step and each refresh publication
    Wakeup pumpWakeup_;
    Wakeup requestsWakeup_;
    std::vector<std::unique_ptr<Wakeup>> deliveryWakeups_; // one per dispatcher, woken by pump commits
    std::atomic<std::int64_t> finished_{0};
    std::atomic<std::int64_t> failed_{0};
    std::vector<std::jthread> threads_; // last: joined before the parts they use go away
};

PipelineRuntime::PipelineRuntime(const config::Config& config, Clock& clock,
                                 const plugin::PluginHost& plugins)
    : impl_(std::make_unique<Impl>(config, clock, plugins)) {}

PipelineRuntime::~PipelineRuntime() {
    stop();
}

void PipelineRuntime::start() {
    impl_->start();
}

void PipelineRuntime::stop() {
    impl_->stop();
}

json::JsonValue PipelineRuntime::statusJson() const {
    return impl_->statusJson();
}

bool PipelineRuntime::isWriter() const {
    return impl_->isWriter();
}

std::optional<storage::LeaseHolder> PipelineRuntime::leaseHolder() const {
    return impl_->leaseHolder();
}

std::vector<delivery::DispatcherStatus> PipelineRuntime::deliveryStatus() const {
    return impl_->deliveryStatus();
}

void PipelineRuntime::wakeRequests() {
    impl_->wakeRequests();
}

} // namespace msgx::pipeline
