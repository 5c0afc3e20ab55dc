#pragma once

#include "msgx/storage/ProcessingQueue.h"
#include "repository/processing/QueueHeadFloor.h"
#include "repository/rows/StoreContext.h"

namespace msgx::storage {

class SqlProcessingQueue final : public ProcessingQueue {
public:
    explicit SqlProcessingQueue(StoreContext context) : ctx_(std::move(context)) {}

    std::vector<MailboxId> enqueue(const std::vector<NewMessage>& messages,
                                   const std::optional<InboxCursor>& cursor) override;
    std::optional<ProcessingRecord> head() override;
    std::optional<ProcessingRecord> find(MailboxId id) override;
    std::optional<ProcessingRecord> findAnywhere(MailboxId id) override;
    std::vector<MailboxId> knownIds(MailboxId first, MailboxId last) override;
    std::int64_t unfinishedCount() override;
    Timestamp markProcessingStarted(MailboxId id) override;
    IdentityBinding bindIdentity(MailboxId id, const std::string& key) override;
    std::map<std::string, MailboxId> identityHolders(const std::vector<std::string>& keys) override;
    bool releaseIdentity(MailboxId holder, const std::string& key) override;
    WriteResult recordFailure(MailboxId id, const QueueGuard& expected,
                              const ProcessingFailure& failure) override;
    WriteResult commit(const ProcessingCommit& commit) override;
    WriteResult commitAll(const std::vector<ProcessingCommit>& commits) override;
    WriteResult commitAllAndReadFront(const std::vector<ProcessingCommit>& commits, int limit,
                                      QueueFront& front) override;
    WriteResult resetForReplay(MailboxId id, const QueueGuard& expected) override;
    std::vector<StateCount> countByState() override;
    std::vector<CountCorrection> recountStates() override;
    std::vector<ProcessingRecord> list(const MessageFilter& filter, MailboxId afterId, int limit) override;
    std::vector<ProcessingRecord> nextUnfinished(MailboxId afterId, int limit) override;

private:
    StoreContext ctx_;
    QueueHeadFloor headFloor_;
};

} // namespace msgx::storage
