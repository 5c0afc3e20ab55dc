#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addAuditStatements(StatementCatalog& c, const Dialect& d) {
    c.add(d, "audit.insert",
          d.insertGeneratingId("OPS_AUDIT", "AUDIT_ID", "OPS_AUDIT_SEQ",
                               {"OCCURRED_AT", "ACTOR", "ACTION", "DETAIL"}));
    // Read into AuditRow (SqlOpsAuditLog.cpp): DETAIL as LongText.
    c.add(d, "audit.recent",
          d.firstRows({selectList(d, "AUDIT_ID, OCCURRED_AT, ACTOR, ACTION, DETAIL", {"DETAIL"}), "OPS_AUDIT",
                       "", "AUDIT_ID DESC", "AUDIT_ID", RowLock::None}));
    c.add(d, "audit.whole-detail", "SELECT DETAIL FROM OPS_AUDIT WHERE AUDIT_ID = ?");
}

} // namespace msgx::storage
