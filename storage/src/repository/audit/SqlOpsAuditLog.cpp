#include "repository/audit/SqlOpsAuditLog.h"

#include "repository/rows/LongTexts.h"

#include <Poco/Data/Statement.h>

namespace msgx::storage {
namespace {

// One OPS_AUDIT row (audit.recent).
struct AuditRow {
    static constexpr const char* kWholeTexts = "audit.whole-detail"; // LongTexts.h
    Poco::Int64 id = 0;
    Poco::Int64 occurredAt = 0;
    std::string actor;
    std::string action;
    LongText detail;

    template <typename F>
    void longTexts(F& f) {
        f(detail);
    }
    [[nodiscard]] std::vector<Parameter> longTextKey() const { return {Parameter::int64(id)}; }

    template <typename Columns>
    void columns(Columns& c) {
        c(id), c(occurredAt), c(actor), c(action), c(detail);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::AuditRow)

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

void SqlOpsAuditLog::record(const std::string& actor, const std::string& action,
                            const std::optional<std::string>& detail) {
    const Timestamp stamp = ctx_.now();
    ctx_.pool->transact("store: audit " + action + " by " + actor,
                        [ctx = ctx_.statements, actor, action, detail, stamp](Transaction& tx) {
                            Statement insert(tx.session());
                            insert << ctx["audit.insert"], bindMicros(stamp), ctx.text.shortText(actor),
                                ctx.text.shortText(action), ctx.text.longText(detail);
                            insert.execute();
                        });
}

std::vector<AuditEntry> SqlOpsAuditLog::recent(int limit) {
    if (limit <= 0) {
        return {};
    }
    return ctx_.pool->transact("store: read the audit log", [ctx = ctx_.statements, limit](Transaction& tx) {
        std::vector<AuditRow> rows;
        tx.session() << ctx["audit.recent"], bindInt(limit), into(rows), now;
        completeLongTexts(tx, ctx, rows);
        std::vector<AuditEntry> entries;
        for (const auto& row : rows) {
            entries.push_back(
                {row.id, timestampOf(row.occurredAt), row.actor, row.action, row.detail.optionalText()});
        }
        return entries;
    });
}

} // namespace msgx::storage
