#include "repository/TableColumns.h"
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

void addEventStatements(StatementCatalog& c, const Dialect& d) {
    const std::string columns = kEventColumns;
    c.add(d, "event.insert",
          d.insertGeneratingId("MSG_EVENT", "EVENT_ID", "MSG_EVENT_SEQ",
                               {"TARGET", "FLID", "PAYLOAD", "STATE", "ATTEMPTS", "NEXT_ATTEMPT_AT",
                                "SOURCE_ID", "CREATED_AT"}));
    c.add(d, "event.head",
          d.firstRows({columns, "MSG_EVENT", "TARGET = ? AND STATE = 'PENDING'", "EVENT_ID", "EVENT_ID",
                       RowLock::None}));
    c.add(d, "event.claim",
          d.firstRows({columns, "MSG_EVENT", "TARGET = ? AND STATE = 'PENDING'", "EVENT_ID", "EVENT_ID",
                       RowLock::Wait}));
    c.add(d, "event.find", "SELECT " + columns + " FROM MSG_EVENT WHERE EVENT_ID = ?");
    c.add(d, "event.set-next-attempt",
          "UPDATE MSG_EVENT SET NEXT_ATTEMPT_AT = ? WHERE EVENT_ID = ? AND STATE = 'PENDING'");
    c.add(d, "event.mark-sent",
          "UPDATE MSG_EVENT SET STATE = 'SENT', SENT_AT = ? WHERE EVENT_ID = ? AND STATE = 'PENDING'");
    c.add(d, "event.record-failure",
          "UPDATE MSG_EVENT SET ATTEMPTS = ATTEMPTS + 1, NEXT_ATTEMPT_AT = ?, LAST_ERROR = ?"
          " WHERE EVENT_ID = ? AND STATE = 'PENDING'");
    c.add(d, "event.mark-dead",
          "UPDATE MSG_EVENT SET STATE = 'DEAD', LAST_ERROR = ? WHERE EVENT_ID = ? AND STATE = 'PENDING'");
    c.add(d, "event.pending-count", "SELECT COUNT(*) FROM MSG_EVENT WHERE TARGET = ? AND STATE = 'PENDING'");
}

} // namespace msgx::storage
