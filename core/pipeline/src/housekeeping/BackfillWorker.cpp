#include "msgx/pipeline/housekeeping/BackfillWorker.h"

#include "msgx/log/Log.h"
#include "msgx/metrics/Metrics.h"
#include "msgx/storage/InfraError.h"

namespace msgx::pipeline {

BackfillWorker::BackfillWorker(storage::OwnStore& store, storage::MailboxInbox& inbox, const Clock& clock,
                               const config::BackfillConfig& settings)
    : store_(store), inbox_(inbox), clock_(clock), settings_(settings) {}

Clock::duration BackfillWorker::retryDelay(const config::BackfillConfig& settings, int attempts) {
    const auto cap = std::chrono::duration_cast<Clock::duration>(settings.backoffCap);
    auto delay = std::chrono::duration_cast<Clock::duration>(settings.backoff);
    for (int i = 0; i < attempts && delay < cap; ++i) {
        delay *= 2;
    }
    return std::min(delay, cap);
}

BackfillRound BackfillWorker::runOnce() {
    if (!unsettled_.empty()) {
        store_.backfill().postpone(unsettled_, clock_.now());
        log::info("back-fill: {} task(s) read before the own store failed are due again", unsettled_.size());
        unsettled_.clear();
        readAfter_ = 0; // they may lie behind it
    }
    BackfillRound round;
    const auto tasks = store_.backfill().nextDue(kBatch, readAfter_);
    // A full batch leaves more due after it: the next round reads on from its last id. Any other
    // round ends the pass, and the next one reads the due set from the start, where the rows this
    // pass left behind (postponed, failed, a replay's new intent) are.
    readAfter_ = static_cast<int>(tasks.size()) == kBatch ? tasks.back().mailboxId : 0;
    // The round's rows in one mailbox transaction; when that fails, row by row up to the first
    // failure, so one row the mailbox refuses cannot hold the others back.
    for (const auto& task : tasks) {
        unsettled_.push_back(task.mailboxId);
    }
    if (tasks.empty()) {
        round.nextAt = clock_.now() + std::chrono::duration_cast<Clock::duration>(settings_.interval);
        return round;
    }
    // The mailbox write cannot join an own-store transaction, so its fence is checked just before
    // it: a replaced writer stops here. Left open is the time of one mailbox transaction between the
    // check and its commit (docs/storage.md "Writer lease").
    store_.lease().confirmFence("back-fill: mark " + std::to_string(tasks.size()) + " mailbox row(s)");
    std::size_t written = 0;
    try {
        std::vector<storage::MailboxMark> marks;
        for (const auto& task : tasks) {
            marks.push_back({task.mailboxId, task.processedAt, task.status});
        }
        inbox_.backfillAll(marks);
        written = tasks.size();
    } catch (const storage::InfraError& e) {
        log::debug("back-fill: the round's {} rows in one transaction failed, row by row now: {}",
                   tasks.size(), e.what());
    }
    bool mailboxDown = false;
    for (; written < tasks.size(); ++written) {
        const auto& task = tasks[written];
        try {
            inbox_.backfill(task.mailboxId, task.processedAt, task.status);
        } catch (const storage::InfraError& e) {
            const auto nextAttemptAt = clock_.now() + retryDelay(settings_, task.attempts);
            store_.backfill().recordFailure(task.mailboxId, nextAttemptAt, e.what());
            metrics::Metrics::process().backfillFailure();
            ++round.failed;
            log::warn(
                "back-fill: marking mailbox id {} {} failed (attempt {}), retrying in {} ms; the rest of "
                "the round waits: {}",
                task.mailboxId, task.status, task.attempts + 1,
                std::chrono::duration_cast<std::chrono::milliseconds>(nextAttemptAt - clock_.now()).count(),
                e.what());
            std::vector<storage::MailboxId> rest(
                unsettled_.begin() + static_cast<std::ptrdiff_t>(written) + 1, unsettled_.end());
            store_.backfill().postpone(
                rest, clock_.now() + std::chrono::duration_cast<Clock::duration>(settings_.backoff));
            mailboxDown = true;
            readAfter_ = 0;
            break;
        }
    }
    const std::vector<storage::BackfillTask> marked(tasks.begin(),
                                                    tasks.begin() + static_cast<std::ptrdiff_t>(written));
    const auto superseded = store_.backfill().markDoneIfCurrent(marked);
    unsettled_.clear();
    // A replay committed a newer outcome meanwhile: its own intent is still DUE and written next.
    round.superseded = static_cast<int>(superseded.size());
    round.written = static_cast<int>(marked.size()) - round.superseded;
    for (const auto id : superseded) {
        log::debug("back-fill: mailbox id {} got a newer outcome while being marked; it is marked again", id);
    }
    const auto now = clock_.now();
    if (mailboxDown) {
        round.nextAt = now + std::chrono::duration_cast<Clock::duration>(settings_.backoff);
    } else if (static_cast<int>(tasks.size()) == kBatch) {
        round.nextAt = now;
    } else {
        round.nextAt = now + std::chrono::duration_cast<Clock::duration>(settings_.interval);
    }
    return round;
}

} // namespace msgx::pipeline
