#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addAuditStatements(StatementCatalog& c, const Dialect& d) {
    c.add(d, "audit.insert",
          d.insertGeneratingId("OPS_AUDIT", "AUDIT_ID", "OPS_AUDIT_SEQ",
                               {"OCCURRED_AT", "ACTOR", "ACTION", "DETAIL"}));
    c.add(d, "audit.recent",
          d.firstRows({"AUDIT_ID, OCCURRED_AT, ACTOR, ACTION, DETAIL", "OPS_AUDIT", "", "AUDIT_ID DESC",
                       "AUDIT_ID", RowLock::None}));
}

} // namespace msgx::storage
