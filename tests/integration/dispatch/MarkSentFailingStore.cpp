#include "MarkSentFailingStore.h"

#include "msgx/storage/InfraError.h"

namespace msgx::test {

using namespace storage;

class MarkSentFailingStore::Outbox : public EventOutbox {
public:
    explicit Outbox(EventOutbox& real) : real_(real) {}

    std::atomic<int> toFail{0};
    std::atomic<int> failed{0};
    std::atomic<bool> loseClaimAnswer{false};

    std::optional<OutboxEvent> head(const std::string& target) override { return real_.head(target); }
    std::vector<OutboxEvent> claimBatch(const std::string& target, int maxCount,
                                        Clock::duration claimFor) override {
        auto claimed = real_.claimBatch(target, maxCount, claimFor);
        if (loseClaimAnswer.exchange(false)) {
            throw InfraError(InfraError::Reason::Timeout, "store: claim events (test)",
                             "the answer to the COMMIT was lost (injected by MarkSentFailingStore)");
        }
        return claimed;
    }
    void markSent(const std::vector<EventId>& ids) override {
        if (toFail.load() > 0) {
            --toFail;
            ++failed;
            throw InfraError(InfraError::Reason::Unavailable, "store: mark events sent (test)",
                             "connection lost (injected by MarkSentFailingStore)");
        }
        real_.markSent(ids);
    }
    void recordFailure(EventId id, Timestamp nextAttemptAt, const std::string& error) override {
        real_.recordFailure(id, nextAttemptAt, error);
    }
    void postpone(const std::vector<EventId>& ids, Timestamp nextAttemptAt) override {
        real_.postpone(ids, nextAttemptAt);
    }
    void markDead(const std::vector<EventId>& ids, const std::string& error) override {
        real_.markDead(ids, error);
    }
    std::int64_t pendingCount(const std::string& target) override { return real_.pendingCount(target); }
    std::vector<TargetSummary> summary() override { return real_.summary(); }
    int requeueDead(const std::string& target, storage::EventId afterId) override {
        return real_.requeueDead(target, afterId);
    }
    std::optional<OutboxEvent> newestDead(const std::string& target) override {
        return real_.newestDead(target);
    }
    std::vector<OutboxEvent> list(const std::string& target, std::optional<EventState> state, EventId afterId,
                                  int limit) override {
        return real_.list(target, state, afterId, limit);
    }
    std::optional<OutboxEvent> find(EventId id) override { return real_.find(id); }

private:
    EventOutbox& real_;
};

MarkSentFailingStore::MarkSentFailingStore(OwnStore& real)
    : real_(real), outbox_(std::make_unique<Outbox>(real.events())) {}

MarkSentFailingStore::~MarkSentFailingStore() = default;

void MarkSentFailingStore::failNextMarkSent(int n) {
    outbox_->toFail = n;
}

void MarkSentFailingStore::loseNextClaimAnswer() {
    outbox_->loseClaimAnswer = true;
}

int MarkSentFailingStore::failedMarkSents() const {
    return outbox_->failed.load();
}

EventOutbox& MarkSentFailingStore::events() {
    return *outbox_;
}

} // namespace msgx::test
