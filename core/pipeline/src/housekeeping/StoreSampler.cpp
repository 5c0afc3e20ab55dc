#include "msgx/pipeline/housekeeping/StoreSampler.h"

#include "msgx/delivery/TargetRelease.h"
#include "msgx/log/Log.h"

#include <algorithm>
#include <chrono>
#include <exception>

namespace msgx::pipeline {

StoreSampler::StoreSampler(storage::OwnStore& store, const Clock& clock, std::vector<std::string> targets)
    : store_(store), clock_(clock), targets_(std::move(targets)) {}

void StoreSampler::refreshFullCounts(storage::Timestamp now) {
    // A clock set back reads at once rather than waiting for the time it went back.
    if (full_ && now >= full_->readAt && now - full_->readAt < full_->took * kFullCountsPeriodFactor) {
        return;
    }
    FullCounts counts;
    for (const auto state : {storage::ProcessingState::Pending, storage::ProcessingState::Failed,
                             storage::ProcessingState::Succeeded, storage::ProcessingState::Skipped,
                             storage::ProcessingState::Dead}) {
        counts.messagesByState[std::string(storage::stateName(state))] = 0;
    }
    for (const auto& count : store_.processing().countByState()) {
        counts.messagesByState[std::string(storage::stateName(count.state))] += count.count;
    }
    for (const auto& summary : store_.events().summary()) {
        counts.sentByTarget[summary.target] = summary.sent;
    }
    counts.readAt = now;
    counts.took = clock_.now() - now;
    full_ = std::move(counts);
    ++fullCountReads_;
}

std::optional<metrics::StoreSample> StoreSampler::sample() {
    using Seconds = std::chrono::duration<double>;
    const auto now = clock_.now();
    const auto ageOf = [now](storage::Timestamp t) { return std::max(0.0, Seconds(now - t).count()); };
    try {
        refreshFullCounts(now);
        metrics::StoreSample sample;
        sample.messagesByState.assign(full_->messagesByState.begin(), full_->messagesByState.end());
        sample.queueDepth = store_.processing().unfinishedCount();
        if (const auto head = store_.processing().head()) {
            sample.headAgeSeconds = ageOf(head->enqueuedAt);
            if (head->attempts > 0 && head->processingStartedAt) {
                sample.headBlockedSeconds = ageOf(*head->processingStartedAt);
            }
        }
        for (const auto& name : targets_) {
            metrics::StoreSample::Target t;
            t.target = name;
            const auto backlog = store_.events().backlog(name, store_.events().deliveredMark(name));
            t.pending = backlog.pending;
            t.dead = backlog.dead;
            if (backlog.oldestPendingCreatedAt) {
                t.oldestPendingAgeSeconds = ageOf(*backlog.oldestPendingCreatedAt);
            }
            if (const auto sent = full_->sentByTarget.find(name); sent != full_->sentByTarget.end()) {
                t.sent = sent->second;
            }
            t.held = delivery::findHold(store_, name).has_value();
            sample.targets.push_back(std::move(t));
        }
        sample.backfillBacklog = store_.backfill().dueCount();
        if (const auto oldest = store_.backfill().oldestDueProcessedAt()) {
            sample.backfillOldestDueAgeSeconds = ageOf(*oldest);
        }
        return sample;
    } catch (const std::exception& e) {
        log::debug("metrics: the own store cannot be read: {}", e.what());
        return std::nullopt;
    }
}

} // namespace msgx::pipeline
