#pragma once

#include "msgx/storage/RequestTracker.h"
#include "repository/rows/StoreContext.h"

// REQ_TRACK and REQ_COUNTER (architecture.md §7).
namespace msgx::storage {

class SqlRequestTracker final : public RequestTracker {
public:
    explicit SqlRequestTracker(StoreContext context) : ctx_(std::move(context)) {}
    TrackedRequest registerRequest(const RequestRegistration& registration) override;
    int nextSeqn() override;
    bool prepare(RequestId id, const PreparedDocument& document) override;
    bool markSent(RequestId id, MailboxId outboxId, Timestamp sentAt, Timestamp expiresAt) override;
    bool markDone(RequestId id, MailboxId response, Timestamp at) override;
    bool expire(RequestId id, const std::string& outcome, Timestamp at) override;
    std::vector<TrackedRequest> open() override;
    std::vector<TrackedRequest> ofKind(const RequestKind& kind, int limit) override;
    std::vector<TrackedRequest> recent(int limit) override;
    std::optional<TrackedRequest> find(RequestId id) override;

private:
    StoreContext ctx_;
};

} // namespace msgx::storage
