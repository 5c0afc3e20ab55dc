#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addSchemaStatements(StatementCatalog& c, const Dialect& d) {
    c.add(d, "schema.table-exists", d.tableExistsQuery());
    c.add(d, "schema.applied",
          "SELECT VERSION, NAME, CHECKSUM, STATEMENTS_DONE, COMPLETE FROM SCHEMA_VERSION ORDER BY VERSION");
    c.add(d, "schema.record",
          "INSERT INTO SCHEMA_VERSION (VERSION, NAME, CHECKSUM, STATEMENTS_DONE, COMPLETE, APPLIED_AT)"
          " VALUES (?, ?, ?, ?, ?, ?)");
    c.add(d, "schema.progress",
          "UPDATE SCHEMA_VERSION SET STATEMENTS_DONE = ?, COMPLETE = ?, APPLIED_AT = ? WHERE VERSION = ?");
}

} // namespace msgx::storage
