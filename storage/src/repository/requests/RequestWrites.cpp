#include "repository/requests/RequestWrites.h"

#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

namespace msgx::storage {

using namespace Poco::Data::Keywords;

std::optional<LockedRequest> lockRequest(Transaction& tx, const SqlContext& ctx, RequestId id) {
    std::vector<std::string> states;
    std::vector<Poco::Nullable<std::string>> outcomes;
    tx.session() << ctx["request.lock"], bindInt64(id), into(states), into(outcomes), now;
    if (states.empty()) {
        return std::nullopt;
    }
    return LockedRequest{states.front(), optionalOf(outcomes.front())};
}

bool markRequestDone(Transaction& tx, const SqlContext& ctx, RequestId id, MailboxId response, Timestamp at) {
    const auto row = lockRequest(tx, ctx, id);
    if (!row || !(row->state == "SENT" || (row->state == "EXPIRED" && row->outcome == kTimeoutOutcome))) {
        return false;
    }
    Poco::Data::Statement update(tx.session());
    update << ctx["request.mark-done"], bindMicros(at), bindInt64(response), bindInt64(id);
    update.execute();
    return true;
}

} // namespace msgx::storage
