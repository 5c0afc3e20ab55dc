#include "repository/processing/CommitStatements.h"
#include "repository/processing/ProcessingCommitParameters.h"
#include "repository/rows/IdChunks.h"

#include <algorithm>
#include <array>

namespace msgx::storage {

std::optional<LockedRow> CommitStatements::lockRow(MailboxId id) {
    lock_->values.key = id;
    const auto& rows = lock_->execute();
    return rows.empty() ? std::nullopt : std::optional(rows.front());
}

std::map<MailboxId, LockedRow> CommitStatements::lockRange(MailboxId low, MailboxId high) {
    lockRange_->values.low = low;
    lockRange_->values.high = high;
    std::map<MailboxId, LockedRow> rows;
    for (const auto& row : lockRange_->execute()) {
        rows.emplace(row.id, row.row);
    }
    return rows;
}

std::map<std::string, MailboxId> CommitStatements::identityHolders(const std::vector<std::string>& keys) {
    std::map<std::string, MailboxId> holders;
    auto& bound = identityHolders_->values.keys;
    for (std::size_t first = 0; first < keys.size(); first += kIdentityKeysPerLookup) {
        for (std::size_t i = 0; i < bound.size(); ++i) {
            bound[i].set(keys[repeatingLastRow(first, i, keys.size())]);
        }
        for (const auto& row : identityHolders_->execute()) {
            const auto [it, inserted] = holders.emplace(row.key, row.id);
            if (!inserted) {
                it->second = std::min<MailboxId>(it->second, row.id);
            }
        }
    }
    return holders;
}

void CommitStatements::finish(MailboxId id, const Finish& finish, Timestamp stamp) {
    queuedFinishes_.push_back({id, finish, stamp});
}

void CommitStatements::writeFinishes() {
    const auto sameOutcome = [](const QueuedFinish& a, const QueuedFinish& b) {
        return a.stamp == b.stamp && a.finish.state == b.finish.state &&
               a.finish.errorClass == b.finish.errorClass && a.finish.lastError == b.finish.lastError &&
               a.finish.note == b.finish.note && a.finish.backfillStatus == b.finish.backfillStatus;
    };
    std::vector<bool> written(queuedFinishes_.size(), false);
    for (std::size_t first = 0; first < queuedFinishes_.size(); ++first) {
        if (written[first]) {
            continue;
        }
        std::vector<const QueuedFinish*> group;
        for (std::size_t i = first; i < queuedFinishes_.size(); ++i) {
            if (!written[i] && sameOutcome(queuedFinishes_[first], queuedFinishes_[i])) {
                group.push_back(&queuedFinishes_[i]);
                written[i] = true;
            }
        }
        const QueuedFinish& outcome = *group.front();
        auto& v = finish_->values;
        const bool backfill = outcome.finish.backfillStatus.has_value();
        v.state.set(outcome.finish.state);
        v.errorClass.set(outcome.finish.errorClass);
        v.lastError.set(outcome.finish.lastError);
        v.note.set(outcome.finish.note);
        v.updatedAt = toEpochMicros(outcome.stamp);
        v.processedAt = toEpochMicros(outcome.stamp);
        v.backfillState.set(
            std::string(backfillStateName(backfill ? BackfillState::Due : BackfillState::None)));
        v.backfillNextAt = backfill ? Poco::Nullable<Poco::Int64>(toEpochMicros(outcome.stamp))
                                    : Poco::Nullable<Poco::Int64>();
        v.status.set(outcome.finish.backfillStatus);
        for (std::size_t from = 0; from < group.size(); from += kFinishesPerUpdate) {
            for (std::size_t slot = 0; slot < static_cast<std::size_t>(kFinishesPerUpdate); ++slot) {
                const QueuedFinish& row = *group[repeatingLastRow(from, slot, group.size())];
                v.ids[slot] = row.id;
                v.identityKeys[slot].set(row.finish.identityKey);
                v.processingStartedAt[slot] = nullable(row.finish.processingStartedAt);
            }
            finish_->execute();
        }
    }
    queuedFinishes_.clear();
}

} // namespace msgx::storage
