#pragma once

#include "msgx/storage/EventOutbox.h"
#include "repository/rows/StoreContext.h"

namespace msgx::storage {

class SqlEventOutbox final : public EventOutbox {
public:
    explicit SqlEventOutbox(StoreContext context) : ctx_(std::move(context)) {}

    std::optional<OutboxEvent> head(const std::string& target, EventId afterId) override;
    std::vector<OutboxEvent> nextDue(const std::string& target, EventId afterId, int maxCount) override;
    EventId deliveredMark(const std::string& target) override;
    void recordDelivered(const std::string& target, EventId upTo) override;
    void markSent(const std::string& target, EventId afterId, EventId upTo) override;
    void recordFailure(EventId id, Timestamp nextAttemptAt, const std::string& error) override;
    void postpone(const std::vector<EventId>& ids, Timestamp nextAttemptAt) override;
    void markDead(const std::vector<EventId>& ids, const std::string& error) override;
    std::int64_t pendingCount(const std::string& target, EventId afterId) override;
    TargetBacklog backlog(const std::string& target, EventId afterId) override;
    std::optional<OutboxEvent> find(EventId id) override;
    std::vector<OutboxEvent> bySources(const std::vector<MailboxId>& sourceIds) override;
    std::vector<TargetSummary> summary() override;
    int requeueDead(const std::string& target, EventId afterId) override;
    std::optional<OutboxEvent> newestDead(const std::string& target) override;
    std::vector<OutboxEvent> list(const std::string& target, std::optional<EventState> state, EventId afterId,
                                  int limit) override;

private:
    StoreContext ctx_;
};

} // namespace msgx::storage
