#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

namespace msgx::storage {

namespace {

constexpr const char* kRequestColumns =
    "REQUEST_ID, KIND, REQ_TYPE, REQ_STYP, WINDOW_FROM, WINDOW_TO, ORIGIN, STATE, SEQN, DTTM, DOCUMENT, "
    "ROUTING_ID, OUTBOX_ABOVE, OUTBOX_ID, REGISTERED_AT, SENT_AT, EXPIRES_AT, CLOSED_AT, OUTCOME, "
    "ANSWERED_BY";

} // namespace

void addRequestStatements(StatementCatalog& c, const Dialect& d) {
    // The counter row doubles as the lock that serialises registrations and SEQN allocation.
    c.add(d, "request.counter-create", d.insertIfAbsent("REQ_COUNTER", {"COUNTER_NAME"}, {"COUNTER_VALUE"}));
    c.add(d, "request.counter-lock",
          "SELECT COUNTER_VALUE FROM REQ_COUNTER WHERE COUNTER_NAME = ?" + d.forUpdate());
    c.add(d, "request.counter-set", "UPDATE REQ_COUNTER SET COUNTER_VALUE = ? WHERE COUNTER_NAME = ?");
    c.add(d, "request.lock", "SELECT STATE, OUTCOME FROM REQ_TRACK WHERE REQUEST_ID = ?" + d.forUpdate());
    c.add(d, "request.open-of-kind", "SELECT REQUEST_ID FROM REQ_TRACK WHERE OPEN_KIND = ?");
    c.add(d, "request.insert",
          d.insertGeneratingId("REQ_TRACK", "REQUEST_ID", "REQ_TRACK_SEQ",
                               {"KIND", "REQ_TYPE", "REQ_STYP", "WINDOW_FROM", "WINDOW_TO", "ORIGIN", "STATE",
                                "OPEN_KIND", "REGISTERED_AT", "EXPIRES_AT"}));
    c.add(d, "request.claim-kind", "UPDATE REQ_TRACK SET OPEN_KIND = KIND WHERE REQUEST_ID = ?");
    c.add(d, "request.generated-id", d.generatedIdQuery("REQ_TRACK_SEQ"));
    c.add(d, "request.prepare",
          "UPDATE REQ_TRACK SET SEQN = ?, DTTM = ?, DOCUMENT = ?, ROUTING_ID = ?, OUTBOX_ABOVE = ? "
          "WHERE REQUEST_ID = ?");
    c.add(d, "request.mark-sent",
          "UPDATE REQ_TRACK SET STATE = 'SENT', OUTBOX_ID = ?, SENT_AT = ?, EXPIRES_AT = ? "
          "WHERE REQUEST_ID = ?");
    // Every update below runs after request.lock read the row's state: the guard is that read, not
    // the driver's affected-row count (which differs between connectors).
    c.add(d, "request.mark-done",
          "UPDATE REQ_TRACK SET STATE = 'DONE', OPEN_KIND = NULL, CLOSED_AT = ?, ANSWERED_BY = ?, "
          "OUTCOME = 'answered' WHERE REQUEST_ID = ?");
    c.add(d, "request.expire",
          "UPDATE REQ_TRACK SET STATE = 'EXPIRED', OPEN_KIND = NULL, CLOSED_AT = ?, OUTCOME = ? "
          "WHERE REQUEST_ID = ?");
    c.add(d, "request.open",
          std::string("SELECT ") + kRequestColumns +
              " FROM REQ_TRACK WHERE STATE IN ('REGISTERED', 'SENT') ORDER BY REQUEST_ID");
    c.add(d, "request.find",
          std::string("SELECT ") + kRequestColumns + " FROM REQ_TRACK WHERE REQUEST_ID = ?");
    c.add(d, "request.of-kind",
          d.firstRows(
              {kRequestColumns, "REQ_TRACK", "KIND = ?", "REQUEST_ID DESC", "REQUEST_ID", RowLock::None}));
    c.add(d, "request.recent",
          d.firstRows({kRequestColumns, "REQ_TRACK", "", "REQUEST_ID DESC", "REQUEST_ID", RowLock::None}));
}

} // namespace msgx::storage
