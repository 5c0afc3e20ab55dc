#include "repository/rows/TableColumns.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addReferenceStatements(StatementCatalog& c, const Dialect& d) {
    // Read into ReferenceRow (SqlReferenceRepository.cpp): ITEM as LongText.
    const std::string columns = selectList(d, kReferenceColumns, {"ITEM"});
    c.add(d, "reference.whole-item", "SELECT ITEM FROM REF_MASTER WHERE RTYPE = ? AND RKEY = ?");
    c.add(d, "reference.find", "SELECT " + columns + " FROM REF_MASTER WHERE RTYPE = ? AND RKEY = ?");
    c.add(d, "reference.list-class", "SELECT " + columns + " FROM REF_MASTER WHERE RTYPE = ? ORDER BY RKEY");
    c.add(d, "reference.upsert",
          d.upsert("REF_MASTER", {"RTYPE", "RKEY"}, {"ITEM", "SOURCE", "REFRESHED_AT", "BATCH_ID"}));
    c.add(d, "reference.delete", "DELETE FROM REF_MASTER WHERE RTYPE = ? AND RKEY = ?");
    c.add(d, "reference.keep-only-batch",
          "DELETE FROM REF_MASTER WHERE RTYPE = ? AND (BATCH_ID IS NULL OR BATCH_ID <> ?)");
    c.add(d, "reference.class-names", "SELECT DISTINCT RTYPE FROM REF_MASTER ORDER BY RTYPE");
}

} // namespace msgx::storage
