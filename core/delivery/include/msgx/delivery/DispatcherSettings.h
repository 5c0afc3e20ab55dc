#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace msgx::delivery {

// What a target does with a DEAD event (delivery.on-dead): hold the target until an operator
// retries or skips it, or pass it and go on.
enum class OnDead { Stop, Continue };

// How the dispatcher of one target works (delivery.* of the configuration, mapped by
// msgx/config/DeliverySettings.h, plus the timings the configuration does not expose).
struct DispatcherSettings {
    std::string target; // "msg" or "schd"
    // schd: only through the aggregated flush (every flushPeriod, or sooner once flushLimit events
    // are pending); msg: one record per event.
    bool aggregated = false;
    // msg: events read per round (1,000: at 500 the per-round mark write and broker round trip
    // cost a fifth of the delivery leg, docs/performance.md); schd: flushLimit.
    int batchSize = 1000;
    // msg: while a backlog lasts (every batch full and wholly acknowledged), one round sends up to
    // this many batches, each batch's delivered mark written while the next one is sent.
    int batchesPerRound = 8;
    std::chrono::milliseconds flushPeriod{3000};
    int maxAttempts = 5;
    std::vector<std::chrono::milliseconds> backoff{std::chrono::seconds(1), std::chrono::seconds(2),
                                                   std::chrono::seconds(4), std::chrono::seconds(8),
                                                   std::chrono::seconds(16)};
    std::chrono::milliseconds backoffCap{60000};
    OnDead onDead = OnDead::Stop;
    // How often an idle or waiting target looks again (new events, operator release).
    std::chrono::milliseconds idlePoll{std::chrono::milliseconds(200)};
    // How long to wait before trying again after the sink was unavailable or the store failed.
    std::chrono::milliseconds unavailableRetry{std::chrono::seconds(1)};
    // status(): the outbox summary (pending, DEAD, oldest pending age) is read again at most this
    // often, and after every round that changed something.
    std::chrono::milliseconds statusRefresh{std::chrono::seconds(1)};
    // The delivered rows are settled to SENT once nothing was due for this long after the last
    // delivery (Dispatcher.h "Delivered mark").
    std::chrono::milliseconds settleAfterQuiet{std::chrono::seconds(5)};

    // The wait before the next attempt once `attempts` attempts failed (1 -> backoff[0]); the last
    // step repeats for higher counts; never more than backoffCap.
    [[nodiscard]] std::chrono::milliseconds backoffAfter(int attempts) const;
};

} // namespace msgx::delivery
