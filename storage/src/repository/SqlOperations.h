#pragma once

#include "msgx/storage/ArchiveMover.h"
#include "msgx/storage/OpsAuditLog.h"
#include "msgx/storage/WriterLease.h"
#include "repository/StoreContext.h"

// The repositories of the store's housekeeping: archive, single-writer lease, audit.
namespace msgx::storage {

class SqlArchiveMover final : public ArchiveMover {
public:
    explicit SqlArchiveMover(StoreContext context) : ctx_(std::move(context)) {}
    ArchiveReport archiveBefore(Timestamp cutoff, int limit) override;

private:
    StoreContext ctx_;
};

class SqlWriterLease final : public WriterLease {
public:
    explicit SqlWriterLease(StoreContext context) : ctx_(std::move(context)) {}
    bool acquire(const std::string& name, const std::string& owner, Clock::duration period) override;
    bool renew(const std::string& name, const std::string& owner, Clock::duration period) override;
    void release(const std::string& name, const std::string& owner) override;
    std::optional<LeaseHolder> holder(const std::string& name) override;

private:
    StoreContext ctx_;
};

class SqlOpsAuditLog final : public OpsAuditLog {
public:
    explicit SqlOpsAuditLog(StoreContext context) : ctx_(std::move(context)) {}
    void record(const std::string& actor, const std::string& action,
                const std::optional<std::string>& detail) override;
    std::vector<AuditEntry> recent(int limit) override;

private:
    StoreContext ctx_;
};

} // namespace msgx::storage
