#include "repository/requests/SqlRequestTracker.h"

#include "repository/requests/RequestWrites.h"
#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

#include <stdexcept>

namespace msgx::storage {
namespace {

struct RequestRow {
    Poco::Int64 id = 0;
    std::string kind;
    std::string type;
    std::string subtype;
    Poco::Nullable<std::string> windowFrom;
    Poco::Nullable<std::string> windowTo;
    std::string origin;
    std::string state;
    Poco::Nullable<Poco::Int64> seqn;
    Poco::Nullable<Poco::Int64> dttm;
    Poco::Nullable<std::string> document;
    Poco::Nullable<std::string> routingId;
    Poco::Nullable<Poco::Int64> outboxAbove;
    Poco::Nullable<Poco::Int64> outboxId;
    Poco::Int64 registeredAt = 0;
    Poco::Nullable<Poco::Int64> sentAt;
    Poco::Int64 expiresAt = 0;
    Poco::Nullable<Poco::Int64> closedAt;
    Poco::Nullable<std::string> outcome;
    Poco::Nullable<Poco::Int64> answeredBy;

    template <typename Columns>
    void columns(Columns& c) {
        c(id), c(kind), c(type), c(subtype), c(windowFrom), c(windowTo), c(origin), c(state), c(seqn),
            c(dttm), c(document), c(routingId), c(outboxAbove), c(outboxId), c(registeredAt), c(sentAt),
            c(expiresAt), c(closedAt), c(outcome), c(answeredBy);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::RequestRow)

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

namespace {

constexpr const char* kSeqnCounter = "REQUEST_SEQN";

RequestState stateOf(const std::string& name) {
    if (name == "REGISTERED") {
        return RequestState::Registered;
    }
    if (name == "SENT") {
        return RequestState::Sent;
    }
    if (name == "DONE") {
        return RequestState::Done;
    }
    if (name == "EXPIRED") {
        return RequestState::Expired;
    }
    throw std::runtime_error("REQ_TRACK holds an unknown STATE '" + name + "'");
}

TrackedRequest requestOf(const RequestRow& row) {
    TrackedRequest request;
    request.id = row.id;
    request.kind = {row.type, row.subtype};
    request.windowFrom = optionalOf(row.windowFrom);
    request.windowTo = optionalOf(row.windowTo);
    request.origin = row.origin;
    request.state = stateOf(row.state);
    if (!row.seqn.isNull() && !row.document.isNull()) {
        request.document =
            PreparedDocument{static_cast<int>(row.seqn.value()), timestampOf(row.dttm).value_or(Timestamp{}),
                             row.document.value(), optionalOf(row.routingId).value_or(""),
                             optionalOf(row.outboxAbove).value_or(0)};
    }
    request.outboxId = optionalOf(row.outboxId);
    request.registeredAt = timestampOf(row.registeredAt);
    request.sentAt = timestampOf(row.sentAt);
    request.expiresAt = timestampOf(row.expiresAt);
    request.closedAt = timestampOf(row.closedAt);
    request.outcome = optionalOf(row.outcome);
    request.answeredBy = optionalOf(row.answeredBy);
    return request;
}

std::vector<TrackedRequest> requestsOf(const std::vector<RequestRow>& rows) {
    std::vector<TrackedRequest> requests;
    requests.reserve(rows.size());
    for (const auto& row : rows) {
        requests.push_back(requestOf(row));
    }
    return requests;
}

// Locks the counter row (created at 0 on first use) and returns its value: every registration and
// every SEQN allocation goes through this lock, one at a time.
std::int64_t lockCounter(Transaction& tx, const SqlContext& ctx) {
    Statement create(tx.session());
    create << ctx["request.counter-create"], ctx.text.shortText(std::string(kSeqnCounter)), bindInt64(0);
    create.execute();
    std::vector<Poco::Int64> values;
    tx.session() << ctx["request.counter-lock"], ctx.text.shortText(std::string(kSeqnCounter)), into(values),
        now;
    if (values.empty()) {
        throw std::runtime_error("REQ_COUNTER row " + std::string(kSeqnCounter) + " vanished");
    }
    return values.front();
}

void expireRow(Transaction& tx, const SqlContext& ctx, RequestId id, const std::string& outcome,
               Timestamp at) {
    Statement update(tx.session());
    update << ctx["request.expire"], bindMicros(at), ctx.text.shortText(outcome.substr(0, 200)),
        bindInt64(id);
    update.execute();
}

std::optional<TrackedRequest> findIn(Transaction& tx, const SqlContext& ctx, RequestId id) {
    std::vector<RequestRow> rows;
    tx.session() << ctx["request.find"], bindInt64(id), into(rows), now;
    return rows.empty() ? std::nullopt : std::optional(requestOf(rows.front()));
}

bool isOpen(const std::string& state) {
    return state == "REGISTERED" || state == "SENT";
}

} // namespace

const char* requestStateName(RequestState state) {
    switch (state) {
    case RequestState::Registered:
        return "REGISTERED";
    case RequestState::Sent:
        return "SENT";
    case RequestState::Done:
        return "DONE";
    case RequestState::Expired:
        return "EXPIRED";
    }
    return "?";
}

TrackedRequest SqlRequestTracker::registerRequest(const RequestRegistration& registration) {
    const Timestamp stamp = ctx_.now();
    const std::string kind = registration.kind.name();
    return ctx_.pool->transact("store: register request " + kind, [ctx = ctx_.statements, registration, kind,
                                                                   stamp](Transaction& tx) {
        lockCounter(tx, ctx);
        std::vector<Poco::Int64> open;
        tx.session() << ctx["request.open-of-kind"], ctx.text.shortText(kind), into(open), now;
        Statement insert(tx.session());
        insert << ctx["request.insert"], ctx.text.shortText(kind), ctx.text.shortText(registration.kind.type),
            ctx.text.shortText(registration.kind.subtype), ctx.text.shortText(registration.windowFrom),
            ctx.text.shortText(registration.windowTo), ctx.text.shortText(registration.origin.substr(0, 64)),
            ctx.text.shortText(std::string("REGISTERED")), ctx.text.shortText(std::optional<std::string>()),
            bindMicros(stamp), bindMicros(registration.sendBy);
        insert.execute();
        Poco::Int64 id = 0;
        tx.session() << ctx["request.generated-id"], into(id), now;
        for (const Poco::Int64 old : open) {
            expireRow(tx, ctx, old, "superseded by request " + std::to_string(id), stamp);
        }
        // Open only now: the old one has given up the kind in this same transaction.
        Statement claim(tx.session());
        claim << ctx["request.claim-kind"], bindInt64(id);
        claim.execute();
        auto created = findIn(tx, ctx, id);
        if (!created) {
            throw std::runtime_error("request " + std::to_string(id) + " vanished after its insert");
        }
        return *created;
    });
}

int SqlRequestTracker::nextSeqn() {
    return ctx_.writerTransact("store: next request SEQN", [ctx = ctx_.statements](Transaction& tx) {
        const std::int64_t counter = lockCounter(tx, ctx);
        const int seqn = counter >= 999999 ? 0 : static_cast<int>(counter + 1);
        Statement set(tx.session());
        set << ctx["request.counter-set"], bindInt64(seqn), ctx.text.shortText(std::string(kSeqnCounter));
        set.execute();
        return seqn;
    });
}

bool SqlRequestTracker::prepare(RequestId id, const PreparedDocument& document) {
    return ctx_.writerTransact("store: prepare request " + std::to_string(id), [ctx = ctx_.statements, id,
                                                                                document](Transaction& tx) {
        const auto row = lockRequest(tx, ctx, id);
        if (!row || row->state != "REGISTERED") {
            return false;
        }
        Statement update(tx.session());
        update << ctx["request.prepare"], bindInt(document.seqn), bindMicros(document.dttm),
            ctx.text.longText(document.xml), ctx.text.shortText(document.routingId),
            bindInt64(document.outboxAbove), bindInt64(id);
        update.execute();
        return true;
    });
}

bool SqlRequestTracker::markSent(RequestId id, MailboxId outboxId, Timestamp sentAt, Timestamp expiresAt) {
    return ctx_.writerTransact("store: mark request " + std::to_string(id) + " sent",
                               [ctx = ctx_.statements, id, outboxId, sentAt, expiresAt](Transaction& tx) {
                                   const auto row = lockRequest(tx, ctx, id);
                                   if (!row || row->state != "REGISTERED") {
                                       return false;
                                   }
                                   Statement update(tx.session());
                                   update << ctx["request.mark-sent"], bindInt64(outboxId),
                                       bindMicros(sentAt), bindMicros(expiresAt), bindInt64(id);
                                   update.execute();
                                   return true;
                               });
}

bool SqlRequestTracker::markDone(RequestId id, MailboxId response, Timestamp at) {
    return ctx_.writerTransact("store: mark request " + std::to_string(id) + " done",
                               [ctx = ctx_.statements, id, response, at](Transaction& tx) {
                                   return markRequestDone(tx, ctx, id, response, at);
                               });
}

bool SqlRequestTracker::expire(RequestId id, const std::string& outcome, Timestamp at) {
    return ctx_.writerTransact("store: expire request " + std::to_string(id),
                               [ctx = ctx_.statements, id, outcome, at](Transaction& tx) {
                                   const auto row = lockRequest(tx, ctx, id);
                                   if (!row || !isOpen(row->state)) {
                                       return false;
                                   }
                                   expireRow(tx, ctx, id, outcome, at);
                                   return true;
                               });
}

std::vector<TrackedRequest> SqlRequestTracker::open() {
    return ctx_.pool->transact("store: read the open requests", [ctx = ctx_.statements](Transaction& tx) {
        std::vector<RequestRow> rows;
        tx.session() << ctx["request.open"], into(rows), now;
        return requestsOf(rows);
    });
}

std::vector<TrackedRequest> SqlRequestTracker::ofKind(const RequestKind& kind, int limit) {
    if (limit <= 0) {
        return {};
    }
    return ctx_.pool->transact("store: read requests " + kind.name(),
                               [ctx = ctx_.statements, name = kind.name(), limit](Transaction& tx) {
                                   std::vector<RequestRow> rows;
                                   tx.session() << ctx["request.of-kind"], ctx.text.shortText(name),
                                       bindInt(limit), into(rows), now;
                                   return requestsOf(rows);
                               });
}

std::vector<TrackedRequest> SqlRequestTracker::recent(int limit) {
    if (limit <= 0) {
        return {};
    }
    return ctx_.pool->transact("store: read the recent requests",
                               [ctx = ctx_.statements, limit](Transaction& tx) {
                                   std::vector<RequestRow> rows;
                                   tx.session() << ctx["request.recent"], bindInt(limit), into(rows), now;
                                   return requestsOf(rows);
                               });
}

std::optional<TrackedRequest> SqlRequestTracker::find(RequestId id) {
    return ctx_.pool->transact("store: read request " + std::to_string(id),
                               [ctx = ctx_.statements, id](Transaction& tx) { return findIn(tx, ctx, id); });
}

} // namespace msgx::storage
