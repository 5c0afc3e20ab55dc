#pragma once

#include "msgx/storage/OpsAuditLog.h"
#include "repository/rows/StoreContext.h"

// The operators' audit trail (OPS_AUDIT).
namespace msgx::storage {

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
