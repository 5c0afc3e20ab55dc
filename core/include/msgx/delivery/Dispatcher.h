#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/Config.h"
#include "msgx/delivery/DeliverySink.h"
#include "msgx/storage/OwnStore.h"

#include <chrono>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>

namespace msgx::delivery {

struct DispatcherSettings {
    std::string target; // "msg" or "schd"
    // schd: only through the aggregated flush (every flushPeriod, or sooner once flushLimit events
    // are pending); msg: one record per event.
    bool aggregated = false;
    int batchSize = 500; // msg: events claimed per round; schd: flushLimit
    std::chrono::milliseconds flushPeriod{3000};
    int maxAttempts = 5;
    std::vector<std::chrono::milliseconds> backoff{std::chrono::seconds(1), std::chrono::seconds(2),
                                                   std::chrono::seconds(4), std::chrono::seconds(8),
                                                   std::chrono::seconds(16)};
    std::chrono::milliseconds backoffCap{60000};
    config::OnDead onDead = config::OnDead::Stop;
    // How long claimed events stay hidden from another claimer; longer than any send can take.
    std::chrono::milliseconds claimFor{std::chrono::minutes(5)};
    // How often an idle or waiting target looks again (new events, operator release).
    std::chrono::milliseconds idlePoll{std::chrono::milliseconds(200)};
    // How long to wait before trying again after the sink was unavailable or the store failed.
    std::chrono::milliseconds unavailableRetry{std::chrono::seconds(1)};

    // The settings of target `name` from the delivery section.
    static DispatcherSettings fromConfig(const config::DeliveryConfig& delivery, const std::string& name);
};

// What a target looks like now: the metrics hooks (pending per target, oldest pending age, DEAD
// count, send latency) and health for status and the ops API.
struct DispatcherStatus {
    std::string target;
    std::string sink; // DeliverySink::describe()
    bool healthy = true;
    std::string problem; // why unhealthy, or why held
    bool held = false;   // on-dead stop: waiting for `msgxctl events retry|skip`
    std::int64_t pending = 0;
    std::int64_t dead = 0;
    std::optional<std::chrono::milliseconds> oldestPendingAge;
    std::optional<std::chrono::milliseconds> lastSendLatency; // claim -> last report of a round
    std::int64_t sentTotal = 0; // events marked SENT by this dispatcher since start
};

// Delivers the outbox events of one target strictly in EVENT_ID order (architecture.md §6).
//
// An event becomes SENT only from its sink's Acked result; a Refused record counts one attempt
// (backoff from `backoff`, capped) and after maxAttempts goes DEAD with its error; an Unavailable
// result postpones without counting. The head waiting for its backoff blocks the target. With
// on-dead `stop` a DEAD event holds the target until an operator releases it (releaseHold /
// `msgxctl events retry|skip`); the hold is persistent (INBOX_CURSOR "delivery-released:<target>"
// holds the newest DEAD EVENT_ID released) so a restart does not pass it.
class Dispatcher {
public:
    Dispatcher(storage::OwnStore& store, DeliverySink& sink, const Clock& clock, DispatcherSettings settings);

    // One round: claim, send, record. Returns when the next round is due. Throws nothing: a store
    // failure is logged and answered with a later round.
    storage::Timestamp runOnce();

    // Rounds until `stop` is requested (clock.sleepUntil between rounds).
    void run(std::stop_token stop);

    [[nodiscard]] DispatcherStatus status() const;

private:
    storage::OwnStore& store_;
    DeliverySink& sink_;
    const Clock& clock_;
    DispatcherSettings settings_;
    mutable std::mutex statusMutex_;
    DispatcherStatus status_;
};

// The operator's release of a held target (`msgxctl events retry|skip --target T`), each writing
// OPS_AUDIT (actor, action "events-retry"/"events-skip", detail with target and event ids):
//  retry - every DEAD event of the target becomes PENDING again (attempts 0) and is delivered in
//          EVENT_ID order before anything newer;
//  skip  - the DEAD events stay DEAD (kept for audit) and the target moves on past them.
// Returns the number of DEAD events released.
int retryDeadEvents(storage::OwnStore& store, const std::string& target, const std::string& actor);
int skipDeadEvents(storage::OwnStore& store, const std::string& target, const std::string& actor);

// The name of the INBOX_CURSOR row holding a target's release mark.
std::string releaseCursorName(const std::string& target);

} // namespace msgx::delivery
