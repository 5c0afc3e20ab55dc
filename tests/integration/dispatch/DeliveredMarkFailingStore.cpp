#include "DeliveredMarkFailingStore.h"

#include "msgx/storage/InfraError.h"

#include <thread>

namespace msgx::test {

using namespace storage;

class DeliveredMarkFailingStore::Outbox : public EventOutbox {
public:
    explicit Outbox(EventOutbox& real) : real_(real) {}

    std::atomic<int> toFail{0};
    std::atomic<bool> commitFirst{false};
    std::atomic<int> failed{0};
    std::atomic<int> newestDeadReads{0};
    std::atomic<std::chrono::milliseconds::rep> writeMillis{0};
    std::atomic<int> writing{0};

    std::optional<OutboxEvent> head(const std::string& target, EventId afterId) override {
        return real_.head(target, afterId);
    }
    std::vector<OutboxEvent> nextDue(const std::string& target, EventId afterId, int maxCount) override {
        return real_.nextDue(target, afterId, maxCount);
    }
    EventId deliveredMark(const std::string& target) override { return real_.deliveredMark(target); }
    void recordDelivered(const std::string& target, EventId upTo) override {
        const Writing counted(writing);
        // Widens the window in which a mark written on the dispatcher's other thread is still
        // being written (not a wait for a timer: nothing waits for it to pass).
        std::this_thread::sleep_for(std::chrono::milliseconds(writeMillis.load()));
        if (toFail.load() > 0) {
            --toFail;
            ++failed;
            if (commitFirst.load()) {
                real_.recordDelivered(target, upTo);
                throw InfraError(InfraError::Reason::Timeout, "store: record delivered events (test)",
                                 "the answer to the COMMIT was lost (injected by DeliveredMarkFailingStore)");
            }
            throw InfraError(InfraError::Reason::Unavailable, "store: record delivered events (test)",
                             "connection lost (injected by DeliveredMarkFailingStore)");
        }
        real_.recordDelivered(target, upTo);
    }
    void markSent(const std::string& target, EventId afterId, EventId upTo) override {
        real_.markSent(target, afterId, upTo);
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
    std::int64_t pendingCount(const std::string& target, EventId afterId) override {
        return real_.pendingCount(target, afterId);
    }
    TargetBacklog backlog(const std::string& target, EventId afterId) override {
        return real_.backlog(target, afterId);
    }
    std::vector<TargetSummary> summary() override { return real_.summary(); }
    int requeueDead(const std::string& target, storage::EventId afterId) override {
        return real_.requeueDead(target, afterId);
    }
    std::optional<OutboxEvent> newestDead(const std::string& target) override {
        ++newestDeadReads;
        return real_.newestDead(target);
    }
    std::vector<OutboxEvent> list(const std::string& target, std::optional<EventState> state, EventId afterId,
                                  int limit) override {
        return real_.list(target, state, afterId, limit);
    }
    std::optional<OutboxEvent> find(EventId id) override { return real_.find(id); }

private:
    struct Writing {
        explicit Writing(std::atomic<int>& count) : count_(count) { ++count_; }
        ~Writing() { --count_; }
        Writing(const Writing&) = delete;
        Writing& operator=(const Writing&) = delete;
        std::atomic<int>& count_;
    };
    EventOutbox& real_;
};

DeliveredMarkFailingStore::DeliveredMarkFailingStore(OwnStore& real)
    : real_(real), outbox_(std::make_unique<Outbox>(real.events())) {}

DeliveredMarkFailingStore::~DeliveredMarkFailingStore() = default;

void DeliveredMarkFailingStore::failNextRecordDelivered(int n, bool commitThenFail) {
    outbox_->commitFirst = commitThenFail;
    outbox_->toFail = n;
}

void DeliveredMarkFailingStore::slowRecordDelivered(std::chrono::milliseconds took) {
    outbox_->writeMillis = took.count();
}

int DeliveredMarkFailingStore::recordDeliveredRunning() const {
    return outbox_->writing.load();
}

int DeliveredMarkFailingStore::failedRecordDelivered() const {
    return outbox_->failed.load();
}

EventOutbox& DeliveredMarkFailingStore::events() {
    return *outbox_;
}

int DeliveredMarkFailingStore::newestDeadReads() const {
    return outbox_->newestDeadReads.load();
}

} // namespace msgx::test
