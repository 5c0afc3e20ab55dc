#include "repository/rows/TableColumns.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addCursorStatements(StatementCatalog& c, const Dialect& d) {
    c.add(d, "cursor.load", "SELECT WATERMARK, RESCAN_FROM FROM INBOX_CURSOR WHERE CURSOR_NAME = ?");
    c.add(d, "cursor.save",
          d.upsert("INBOX_CURSOR", {"CURSOR_NAME"}, {"WATERMARK", "RESCAN_FROM", "UPDATED_AT"}));
}

} // namespace msgx::storage
