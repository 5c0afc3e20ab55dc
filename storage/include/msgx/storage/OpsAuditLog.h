#pragma once

#include "msgx/storage/Timestamp.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace msgx::storage {

struct AuditEntry {
    std::int64_t id = 0;
    Timestamp occurredAt{};
    std::string actor;  // ≤ 64: "msgxctl", "http:10.0.0.5", ...
    std::string action; // ≤ 64: "replay", "migrate", ...
    std::optional<std::string> detail;

    bool operator==(const AuditEntry&) const = default;
};

// OPS_AUDIT: what operators did.
class OpsAuditLog {
public:
    virtual ~OpsAuditLog() = default;
    virtual void record(const std::string& actor, const std::string& action,
                        const std::optional<std::string>& detail) = 0;
    // The newest entries first.
    virtual std::vector<AuditEntry> recent(int limit) = 0;
};

} // namespace msgx::storage
