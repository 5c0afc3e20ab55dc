#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addLeaseStatements(StatementCatalog& c, const Dialect& d) {
    c.add(d, "lease.create-if-absent", d.insertIfAbsent("WRITER_LEASE", {"LEASE_NAME"}, {"EXPIRES_AT"}));
    c.add(d, "lease.lock",
          "SELECT OWNER_ID, EPOCH, RENEWALS, EXPIRES_AT FROM WRITER_LEASE WHERE LEASE_NAME = ?" +
              d.forUpdate());
    c.add(d, "lease.read",
          "SELECT OWNER_ID, EPOCH, RENEWALS, EXPIRES_AT FROM WRITER_LEASE WHERE LEASE_NAME = ?");
    c.add(d, "lease.take",
          "UPDATE WRITER_LEASE SET OWNER_ID = ?, EPOCH = ?, RENEWALS = 0, ACQUIRED_AT = ?, RENEWED_AT = ?, "
          "EXPIRES_AT = ? WHERE LEASE_NAME = ?");
    c.add(d, "lease.extend",
          "UPDATE WRITER_LEASE SET RENEWALS = RENEWALS + 1, RENEWED_AT = ?, EXPIRES_AT = ? WHERE LEASE_NAME "
          "= ?");
    c.add(d, "lease.free", "UPDATE WRITER_LEASE SET OWNER_ID = NULL, EXPIRES_AT = 0 WHERE LEASE_NAME = ?");
    // The writer's fence (StoreContext.h checkFence): shared, so the writer's transactions do not
    // wait for each other, but a take-over's lease.lock waits for them.
    c.add(d, "lease.fence", "SELECT EPOCH FROM WRITER_LEASE WHERE LEASE_NAME = ?" + d.forShare());
}

} // namespace msgx::storage
