#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addLeaseStatements(StatementCatalog& c, const Dialect& d) {
    c.add(d, "lease.create-if-absent", d.insertIfAbsent("WRITER_LEASE", {"LEASE_NAME"}, {"EXPIRES_AT"}));
    c.add(d, "lease.lock",
          "SELECT OWNER_ID, EXPIRES_AT FROM WRITER_LEASE WHERE LEASE_NAME = ?" + d.forUpdate());
    c.add(d, "lease.take",
          "UPDATE WRITER_LEASE SET OWNER_ID = ?, ACQUIRED_AT = ?, RENEWED_AT = ?, EXPIRES_AT = ? WHERE "
          "LEASE_NAME = ?");
    c.add(d, "lease.extend", "UPDATE WRITER_LEASE SET RENEWED_AT = ?, EXPIRES_AT = ? WHERE LEASE_NAME = ?");
    c.add(d, "lease.free", "UPDATE WRITER_LEASE SET OWNER_ID = NULL, EXPIRES_AT = 0 WHERE LEASE_NAME = ?");
    c.add(d, "lease.holder", "SELECT OWNER_ID, EXPIRES_AT FROM WRITER_LEASE WHERE LEASE_NAME = ?");
}

} // namespace msgx::storage
