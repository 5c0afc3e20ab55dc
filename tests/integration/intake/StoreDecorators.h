#pragma once

#include "msgx/storage/InfraError.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"

#include <atomic>
#include <functional>

// Decorators over the real store and mailbox for the intake tests: they count what the code under
// test uses and, when armed, fail like a database that went away (storage::InfraError).
namespace msgx::test {

inline storage::InfraError unavailable(const std::string& operation) {
    return storage::InfraError(storage::InfraError::Reason::Unavailable, operation,
                               "server closed the connection");
}

// PROC_STATE whose enqueue fails while failEnqueue is set, and counts enqueue calls.
class FailingQueue final : public storage::ProcessingQueue {
public:
    explicit FailingQueue(storage::ProcessingQueue& real) : real_(real) {}

    std::vector<storage::MailboxId> enqueue(const std::vector<storage::NewMessage>& messages,
                                            const std::optional<storage::InboxCursor>& cursor) override {
        ++enqueueCalls;
        if (failEnqueue) {
            throw unavailable("store: enqueue");
        }
        return real_.enqueue(messages, cursor);
    }
    std::optional<storage::ProcessingRecord> head() override { return real_.head(); }
    std::optional<storage::ProcessingRecord> find(storage::MailboxId id) override { return real_.find(id); }
    std::optional<storage::ProcessingRecord> findAnywhere(storage::MailboxId id) override {
        return real_.findAnywhere(id);
    }
    std::vector<storage::MailboxId> knownIds(storage::MailboxId first, storage::MailboxId last) override {
        return real_.knownIds(first, last);
    }
    std::map<std::string, storage::MailboxId> identityHolders(const std::vector<std::string>& keys) override {
        return real_.identityHolders(keys);
    }
    bool releaseIdentity(storage::MailboxId holder, const std::string& key) override {
        return real_.releaseIdentity(holder, key);
    }
    std::int64_t unfinishedCount() override { return real_.unfinishedCount(); }
    storage::Timestamp markProcessingStarted(storage::MailboxId id) override {
        return real_.markProcessingStarted(id);
    }
    storage::IdentityBinding bindIdentity(storage::MailboxId id, const std::string& key) override {
        return real_.bindIdentity(id, key);
    }
    storage::WriteResult recordFailure(storage::MailboxId id, const storage::QueueGuard& expected,
                                       const storage::ProcessingFailure& failure) override {
        return real_.recordFailure(id, expected, failure);
    }
    storage::WriteResult commit(const storage::ProcessingCommit& commit) override {
        return real_.commit(commit);
    }
    storage::WriteResult commitAll(const std::vector<storage::ProcessingCommit>& commits) override {
        return real_.commitAll(commits);
    }
    storage::WriteResult resetForReplay(storage::MailboxId id, const storage::QueueGuard& expected) override {
        return real_.resetForReplay(id, expected);
    }
    std::vector<storage::StateCount> countByState() override { return real_.countByState(); }
    std::vector<storage::ProcessingRecord> list(const storage::MessageFilter& filter,
                                                storage::MailboxId afterId, int limit) override {
        return real_.list(filter, afterId, limit);
    }
    std::vector<storage::ProcessingRecord> nextUnfinished(storage::MailboxId afterId, int limit) override {
        return real_.nextUnfinished(afterId, limit);
    }

    std::atomic<bool> failEnqueue{false};
    std::atomic<int> enqueueCalls{0};

private:
    storage::ProcessingQueue& real_;
};

// PROC_STATE back-fill intents whose markDoneIf fails while failMarkDone is set (the own store
// went away after the mailbox row was written).
class FailingBackfillQueue final : public storage::BackfillQueue {
public:
    explicit FailingBackfillQueue(storage::BackfillQueue& real) : real_(real) {}

    std::vector<storage::BackfillTask> nextDue(int maxCount, storage::MailboxId afterId) override {
        return real_.nextDue(maxCount, afterId);
    }
    void markDone(storage::MailboxId id) override { real_.markDone(id); }
    bool markDoneIf(storage::MailboxId id, storage::Timestamp processedAt) override {
        if (failMarkDone) {
            throw unavailable("store: mark the back-fill done");
        }
        return real_.markDoneIf(id, processedAt);
    }
    std::vector<storage::MailboxId>
    markDoneIfCurrent(const std::vector<storage::BackfillTask>& tasks) override {
        if (failMarkDone) {
            throw unavailable("store: mark the back-fills done");
        }
        return real_.markDoneIfCurrent(tasks);
    }
    void postpone(const std::vector<storage::MailboxId>& ids, storage::Timestamp nextAttemptAt) override {
        real_.postpone(ids, nextAttemptAt);
    }
    void recordFailure(storage::MailboxId id, storage::Timestamp nextAttemptAt,
                       const std::string& error) override {
        real_.recordFailure(id, nextAttemptAt, error);
    }
    std::int64_t dueCount() override { return real_.dueCount(); }
    std::optional<storage::Timestamp> oldestDueProcessedAt() override { return real_.oldestDueProcessedAt(); }

    std::atomic<bool> failMarkDone{false};

private:
    storage::BackfillQueue& real_;
};

// The own store with a FailingQueue and a FailingBackfillQueue; counts the uses of the cursors.
class DecoratedStore final : public storage::OwnStore {
public:
    explicit DecoratedStore(storage::OwnStore& real)
        : real_(real), queue(real.processing()), backfillQueue(real.backfill()) {}

    storage::MigrationReport migrate(const std::filesystem::path& root) override {
        return real_.migrate(root);
    }
    storage::ProcessingQueue& processing() override { return queue; }
    storage::FlightRepository& flights() override { return real_.flights(); }
    storage::FlightHistory& flightHistory() override { return real_.flightHistory(); }
    storage::EventOutbox& events() override { return real_.events(); }
    storage::BackfillQueue& backfill() override { return backfillQueue; }
    storage::ReferenceRepository& references() override { return real_.references(); }
    storage::InboxCursors& cursors() override {
        ++cursorUses;
        return real_.cursors();
    }
    storage::ArchiveMover& archive() override { return real_.archive(); }
    storage::WriterLease& lease() override { return real_.lease(); }
    storage::OpsAuditLog& audit() override { return real_.audit(); }
    storage::RequestTracker& requests() override { return real_.requests(); }
    [[nodiscard]] const storage::DatabaseSettings& settings() const override { return real_.settings(); }

private:
    storage::OwnStore& real_;

public:
    FailingQueue queue;
    FailingBackfillQueue backfillQueue;
    std::atomic<int> cursorUses{0};
};

// CMINMSGS that counts reads and fails back-fills while failBackfill is set; onBackfill runs
// before each back-fill (to interleave another writer).
class DecoratedInbox final : public storage::MailboxInbox {
public:
    explicit DecoratedInbox(storage::MailboxInbox& real) : real_(real) {}

    bool hasRowsAbove(storage::MailboxId watermark) override {
        ++probes;
        return real_.hasRowsAbove(watermark);
    }
    std::vector<storage::MailboxRow> readAbove(storage::MailboxId watermark, int limit) override {
        ++reads;
        return real_.readAbove(watermark, limit);
    }
    std::vector<storage::MailboxRow> readRange(storage::MailboxId first, storage::MailboxId last) override {
        ++reads;
        return real_.readRange(first, last);
    }
    std::optional<storage::MailboxId> maxId() override {
        ++reads;
        return real_.maxId();
    }
    std::optional<storage::MailboxId>
    lowestUnprocessed(const std::vector<std::string>& acceptStatus) override {
        ++reads;
        return real_.lowestUnprocessed(acceptStatus);
    }
    std::vector<storage::MailboxId> unprocessedIds(storage::MailboxId first, storage::MailboxId last,
                                                   const std::vector<std::string>& acceptStatus) override {
        ++reads;
        return real_.unprocessedIds(first, last, acceptStatus);
    }
    std::int64_t backfillUnmarked(const std::vector<storage::MailboxMark>& marks) override {
        ++batches;
        return real_.backfillUnmarked(marks);
    }
    void backfill(storage::MailboxId id, storage::Timestamp processedAt, const std::string& status) override {
        if (onBackfill) {
            onBackfill(id);
        }
        ++backfills;
        if (failBackfill) {
            throw unavailable("mailbox: back-fill " + std::to_string(id));
        }
        real_.backfill(id, processedAt, status);
    }
    // All or none, like the SQL adapter's one transaction; counted in batches, not in backfills.
    void backfillAll(const std::vector<storage::MailboxMark>& marks) override {
        ++batches;
        if (failBackfill || failBatches) {
            throw unavailable("mailbox: back-fill " + std::to_string(marks.size()) + " rows");
        }
        for (const auto& mark : marks) {
            if (onBackfill) {
                onBackfill(mark.id);
            }
        }
        real_.backfillAll(marks);
    }
    storage::MailboxId insert(const std::string& xml, storage::Timestamp receivedAt,
                              const std::string& status) override {
        return real_.insert(xml, receivedAt, status);
    }

    std::atomic<bool> failBackfill{false};
    std::atomic<bool> failBatches{false}; // only backfillAll fails (one row the mailbox refuses)
    std::atomic<int> batches{0};
    std::atomic<int> reads{0};
    std::atomic<int> probes{0}; // hasRowsAbove calls
    std::atomic<int> backfills{0};
    std::function<void(storage::MailboxId)> onBackfill;

private:
    storage::MailboxInbox& real_;
};

} // namespace msgx::test
