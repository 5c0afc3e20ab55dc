#pragma once

#include "msgx/storage/BackfillQueue.h"
#include "repository/rows/StoreContext.h"

namespace msgx::storage {

class SqlBackfillQueue final : public BackfillQueue {
public:
    explicit SqlBackfillQueue(StoreContext context) : ctx_(std::move(context)) {}

    std::vector<BackfillTask> nextDue(int maxCount, MailboxId afterId) override;
    void markDone(MailboxId id) override;
    bool markDoneIf(MailboxId id, Timestamp processedAt) override;
    std::vector<MailboxId> markDoneIfCurrent(const std::vector<BackfillTask>& tasks) override;
    void postpone(const std::vector<MailboxId>& ids, Timestamp nextAttemptAt) override;
    void recordFailure(MailboxId id, Timestamp nextAttemptAt, const std::string& error) override;
    std::int64_t dueCount() override;
    std::optional<Timestamp> oldestDueProcessedAt() override;

private:
    StoreContext ctx_;
};

} // namespace msgx::storage
