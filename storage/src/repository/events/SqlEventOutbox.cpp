#include "repository/events/SqlEventOutbox.h"

#include "repository/cursors/SqlInboxCursors.h"
#include "repository/events/DeliveredMarks.h"
#include "repository/processing/StateCounts.h"
#include "repository/rows/IdChunks.h"
#include "repository/rows/LongTexts.h"
#include "repository/rows/StoredNames.h"
#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

#include <algorithm>
#include <iterator>
#include <map>

namespace msgx::storage {
namespace {

// One MSG_EVENT row as read with kEventColumns (EventStatements.cpp).
struct EventRow {
    static constexpr const char* kWholeTexts = "event.whole-texts"; // LongTexts.h
    Poco::Int64 id = 0;
    std::string target;
    Poco::Nullable<Poco::Int64> flid;
    LongText payload;
    std::string state;
    int attempts = 0;
    Poco::Int64 nextAttemptAt = 0;
    LongText lastError;
    Poco::Nullable<Poco::Int64> sourceId;
    Poco::Int64 createdAt = 0;
    Poco::Nullable<Poco::Int64> sentAt;

    template <typename F>
    void longTexts(F& f) {
        f(payload), f(lastError);
    }
    [[nodiscard]] std::vector<Parameter> longTextKey() const { return {Parameter::int64(id)}; }

    template <typename Columns>
    void columns(Columns& c) {
        c(id), c(target), c(flid), c(payload), c(state), c(attempts), c(nextAttemptAt), c(lastError),
            c(sourceId);
        c(createdAt), c(sentAt);
    }

    [[nodiscard]] OutboxEvent event() const {
        OutboxEvent e;
        e.id = id;
        e.target = target;
        e.flid = optionalOf(flid);
        e.payloadJson = payload.text();
        e.state = eventStateFromColumn(state);
        e.attempts = attempts;
        e.nextAttemptAt = timestampOf(nextAttemptAt);
        e.lastError = lastError.optionalText();
        e.sourceId = optionalOf(sourceId);
        e.createdAt = timestampOf(createdAt);
        e.sentAt = timestampOf(sentAt);
        return e;
    }
};

// One due MSG_EVENT row as a sender reads it (event.next-due, kDueEventColumns): PENDING by the
// statement's condition, its target the one asked for; LAST_ERROR and SENT_AT stay unread (a
// sender needs neither, and each column costs every row of every batch its extraction).
struct DueEventRow {
    static constexpr const char* kWholeTexts = "event.whole-payload"; // LongTexts.h
    Poco::Int64 id = 0;
    Poco::Nullable<Poco::Int64> flid;
    LongText payload;
    int attempts = 0;
    Poco::Int64 nextAttemptAt = 0;
    Poco::Nullable<Poco::Int64> sourceId;
    Poco::Int64 createdAt = 0;

    template <typename F>
    void longTexts(F& f) {
        f(payload);
    }
    [[nodiscard]] std::vector<Parameter> longTextKey() const { return {Parameter::int64(id)}; }

    template <typename Columns>
    void columns(Columns& c) {
        c(id), c(flid), c(payload), c(attempts), c(nextAttemptAt), c(sourceId), c(createdAt);
    }

    [[nodiscard]] OutboxEvent event(const std::string& target) {
        OutboxEvent e;
        e.id = id;
        e.target = target;
        e.flid = optionalOf(flid);
        e.payloadJson = payload.takeText();
        e.state = EventState::Pending;
        e.attempts = attempts;
        e.nextAttemptAt = timestampOf(nextAttemptAt);
        e.sourceId = optionalOf(sourceId);
        e.createdAt = timestampOf(createdAt);
        return e;
    }
};

// An event's target and state (event.lock-state).
struct EventTargetState {
    std::string target;
    std::string state;

    template <typename Columns>
    void columns(Columns& c) {
        c(target), c(state);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::EventRow)
MSGX_ROW_TYPE_HANDLER(msgx::storage::DueEventRow)
MSGX_ROW_TYPE_HANDLER(msgx::storage::EventTargetState)

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

namespace {

std::string idsText(const std::vector<EventId>& ids) {
    if (ids.size() == 1) {
        return "event " + std::to_string(ids.front());
    }
    return std::to_string(ids.size()) + " events";
}

// The rows as events, a PENDING row at or below its target's delivered mark as SENT.
std::vector<OutboxEvent> eventsOf(const std::vector<EventRow>& rows,
                                  const std::map<std::string, EventId>& marks) {
    std::vector<OutboxEvent> events;
    events.reserve(rows.size());
    for (const auto& row : rows) {
        events.push_back(row.event());
        events.back().state = deliveredState(marks, row.target, row.id, events.back().state);
    }
    return events;
}

// event.pending-above: the PENDING events of `target` above `mark` and the CREATED_AT of the oldest.
struct PendingAbove {
    std::int64_t count = 0;
    std::optional<Timestamp> oldestCreatedAt;
};
PendingAbove readPendingAbove(Transaction& tx, const SqlContext& ctx, const std::string& target,
                              EventId mark) {
    Poco::Int64 count = 0;
    Poco::Nullable<Poco::Int64> oldest;
    tx.session() << ctx["event.pending-above"], ctx.text.shortText(target), bindInt64(mark), into(count),
        into(oldest), now;
    return {count, oldest.isNull() ? std::nullopt : std::optional(timestampOf(oldest.value()))};
}

} // namespace

std::optional<OutboxEvent> SqlEventOutbox::head(const std::string& target, EventId afterId) {
    return ctx_.pool->transact(
        "store: read the head event of " + target, [ctx = ctx_.statements, target, afterId](Transaction& tx) {
            const auto& rows = preparedRows<EventRow>(
                tx, ctx, "event.head",
                {Parameter::shortText(target), Parameter::int64(afterId), Parameter::integer(1)});
            return rows.empty() ? std::nullopt : std::optional(rows.front().event());
        });
}

std::vector<OutboxEvent> SqlEventOutbox::nextDue(const std::string& target, EventId afterId, int maxCount) {
    if (maxCount <= 0) {
        return {};
    }
    const Timestamp stamp = ctx_.now();
    return ctx_.pool->transact("store: read the due events of " + target + " after " +
                                   std::to_string(afterId),
                               [ctx = ctx_.statements, target, afterId, maxCount, stamp](Transaction& tx) {
                                   // Ad hoc, not a named statement: a prepared statement keeps its last
                                   // result (Poco 1.11 holds the PGresult until the next execution), and this
                                   // one's is up to delivery.batch-size payloads in every session that ran it
                                   // (+3-6 MB peak RSS in the e2e bench's backlog). The prepare it costs is
                                   // per batch of events, not per event.
                                   std::vector<DueEventRow> rows;
                                   tx.session() << ctx["event.next-due"], ctx.text.shortText(target),
                                       bindInt64(afterId), bindInt(maxCount), into(rows), now;
                                   completeLongTexts(tx, ctx, rows);
                                   std::vector<OutboxEvent> due;
                                   due.reserve(rows.size());
                                   for (auto& row : rows) {
                                       if (timestampOf(row.nextAttemptAt) > stamp) {
                                           break; // waits for its backoff: nothing passes it
                                       }
                                       due.push_back(row.event(target));
                                   }
                                   return due;
                               });
}

// The mark is an INBOX_CURSOR row (watermark = rescan-from = the mark), read and written as the
// poller's cursors are.
EventId SqlEventOutbox::deliveredMark(const std::string& target) {
    const auto cursor = SqlInboxCursors(ctx_).load(deliveredMarkName(target));
    return cursor ? cursor->watermark : 0;
}

void SqlEventOutbox::recordDelivered(const std::string& target, EventId upTo) {
    SqlInboxCursors(ctx_).save({deliveredMarkName(target), upTo, upTo});
}

void SqlEventOutbox::markSent(const std::string& target, EventId afterId, EventId upTo) {
    if (upTo <= afterId) {
        return;
    }
    const Timestamp stamp = ctx_.now();
    ctx_.writerTransact("store: mark the events of " + target + " after " + std::to_string(afterId) +
                            " up to " + std::to_string(upTo) + " sent",
                        [ctx = ctx_.statements, target, afterId, upTo, stamp](Transaction& tx) {
                            preparedRun(tx, ctx, "event.mark-sent",
                                        {Parameter::micros(stamp), Parameter::shortText(target),
                                         Parameter::int64(afterId), Parameter::int64(upTo)});
                        });
}

void SqlEventOutbox::recordFailure(EventId id, Timestamp nextAttemptAt, const std::string& error) {
    ctx_.writerTransact("store: record a failed delivery of event " + std::to_string(id),
                        [ctx = ctx_.statements, id, nextAttemptAt, error](Transaction& tx) {
                            Statement update(tx.session());
                            update << ctx["event.record-failure"], bindMicros(nextAttemptAt),
                                ctx.text.longText(error), bindInt64(id);
                            update.execute();
                        });
}

void SqlEventOutbox::postpone(const std::vector<EventId>& ids, Timestamp nextAttemptAt) {
    if (ids.empty()) {
        return;
    }
    ctx_.writerTransact("store: postpone " + idsText(ids),
                        [ctx = ctx_.statements, ids, nextAttemptAt](Transaction& tx) {
                            executeForIds(tx, ctx, "event.set-next-attempt", nextAttemptAt, ids);
                        });
}

void SqlEventOutbox::markDead(const std::vector<EventId>& ids, const std::string& error) {
    if (ids.empty()) {
        return;
    }
    ctx_.writerTransact(
        "store: mark " + idsText(ids) + " dead", [ctx = ctx_.statements, ids, error](Transaction& tx) {
            // Each row is locked and read first: only a PENDING one becomes DEAD, and the
            // count of DEAD events follows without an affected-row count.
            StateCountChanges counts;
            for (const EventId id : ids) {
                std::vector<EventTargetState> rows;
                tx.session() << ctx["event.lock-state"], bindInt64(id), into(rows), now;
                if (rows.empty() || rows.front().state != eventStateName(EventState::Pending)) {
                    continue;
                }
                Statement update(tx.session());
                update << ctx["event.mark-dead"], ctx.text.longText(error), bindInt64(id);
                update.execute();
                counts.deadEvents(rows.front().target, 1);
            }
            counts.write(tx, ctx);
        });
}

std::int64_t SqlEventOutbox::pendingCount(const std::string& target, EventId afterId) {
    return ctx_.pool->transact("store: count pending events of " + target, [ctx = ctx_.statements, target,
                                                                            afterId](Transaction& tx) {
        const auto& counts = preparedRows<Poco::Int64>(
            tx, ctx, "event.pending-count", {Parameter::shortText(target), Parameter::int64(afterId)});
        return counts.empty() ? std::int64_t{0} : static_cast<std::int64_t>(counts.front());
    });
}

TargetBacklog SqlEventOutbox::backlog(const std::string& target, EventId afterId) {
    return ctx_.pool->transact(
        "store: read the backlog of " + target, [ctx = ctx_.statements, target, afterId](Transaction& tx) {
            const PendingAbove pending = readPendingAbove(tx, ctx, target, afterId);
            Poco::Int64 dead = 0;
            tx.session() << ctx["event.dead-count"], ctx.text.shortText(target), into(dead), now;
            return TargetBacklog{pending.count, pending.oldestCreatedAt, dead};
        });
}

std::optional<OutboxEvent> SqlEventOutbox::find(EventId id) {
    return ctx_.pool->transact("store: read event " + std::to_string(id),
                               [ctx = ctx_.statements, id](Transaction& tx) {
                                   std::vector<EventRow> rows;
                                   tx.session() << ctx["event.find"], bindInt64(id), into(rows), now;
                                   completeLongTexts(tx, ctx, rows);
                                   if (rows.empty()) {
                                       return std::optional<OutboxEvent>();
                                   }
                                   return std::optional(eventsOf(rows, readDeliveredMarks(tx, ctx)).front());
                               });
}

std::vector<OutboxEvent> SqlEventOutbox::bySources(const std::vector<MailboxId>& sourceIds) {
    if (sourceIds.empty()) {
        return {};
    }
    // Distinct ids, so that an event is read once even when its source is named twice (or falls in
    // two chunks); the chunks' rows are merged into EVENT_ID order, since each chunk is only
    // ordered within itself. One transaction: one consistent view of the outbox.
    std::vector<MailboxId> ids = sourceIds;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ctx_.pool->transact("store: read the events of " + std::to_string(ids.size()) + " messages from " +
                                   std::to_string(ids.front()),
                               [ctx = ctx_.statements, ids](Transaction& tx) {
                                   std::vector<EventRow> rows;
                                   for (const auto& chunk : idChunks(ids)) {
                                       Statement select(tx.session());
                                       select << ctx["event.by-sources"];
                                       for (const auto id : chunk) {
                                           select.addBind(bindInt64(id));
                                       }
                                       std::vector<EventRow> chunkRows;
                                       select.addExtract(into(chunkRows));
                                       select.execute();
                                       rows.insert(rows.end(), std::make_move_iterator(chunkRows.begin()),
                                                   std::make_move_iterator(chunkRows.end()));
                                   }
                                   std::sort(
                                       rows.begin(), rows.end(),
                                       [](const EventRow& a, const EventRow& b) { return a.id < b.id; });
                                   completeLongTexts(tx, ctx, rows);
                                   return eventsOf(rows, readDeliveredMarks(tx, ctx));
                               });
}

// From MSG_EVENT_COUNT (repository/processing/StateCounts.h: events and DEAD events per target) and the index
// range of the PENDING rows above the mark, which holds what is still to be delivered. SENT is the
// rest: nothing here reads the SENT rows, which are most of the table.
std::vector<TargetSummary> SqlEventOutbox::summary() {
    return ctx_.pool->transact("store: summarise the outbox", [ctx = ctx_.statements](Transaction& tx) {
        const auto marks = readDeliveredMarks(tx, ctx);
        std::vector<TargetSummary> summaries; // in TARGET order, as the map
        for (const auto& [target, counts] : readEventCounts(tx, ctx)) {
            if (counts.events == 0) {
                continue;
            }
            TargetSummary summary;
            summary.target = target;
            // PENDING rows at or below the mark are delivered, not yet settled (DeliveredMarks.h).
            const auto mark = marks.find(target);
            const PendingAbove above =
                readPendingAbove(tx, ctx, target, mark == marks.end() ? 0 : mark->second);
            summary.pending = above.count;
            summary.oldestPendingCreatedAt = above.oldestCreatedAt;
            summary.dead = counts.dead;
            if (counts.dead > 0) { // one descent of the (TARGET, STATE, EVENT_ID) index
                Poco::Nullable<Poco::Int64> newest;
                tx.session() << ctx["event.newest-dead-id"], ctx.text.shortText(target), into(newest), now;
                summary.newestDeadId = optionalOf(newest);
            }
            summary.sent = counts.events - summary.pending - summary.dead;
            summaries.push_back(std::move(summary));
        }
        return summaries;
    });
}

int SqlEventOutbox::requeueDead(const std::string& target, EventId afterId) {
    const Timestamp stamp = ctx_.now();
    return ctx_.pool->transact("store: requeue the dead events of " + target,
                               [ctx = ctx_.statements, target, stamp, afterId](Transaction& tx) {
                                   // Locked first, then requeued one by one, so the count is exactly the rows
                                   // changed (an event another transaction marks DEAD meanwhile is not
                                   // touched).
                                   std::vector<Poco::Int64> ids;
                                   tx.session() << ctx["event.lock-dead"], ctx.text.shortText(target),
                                       into(ids), now;
                                   int requeued = 0;
                                   for (const Poco::Int64 id : ids) {
                                       if (id <= afterId) {
                                           continue; // passed or skipped before: stays DEAD
                                       }
                                       Statement update(tx.session());
                                       update << ctx["event.requeue-dead"], bindMicros(stamp), bindInt64(id);
                                       update.execute();
                                       ++requeued;
                                   }
                                   StateCountChanges counts; // the rows were locked DEAD: each one changed
                                   counts.deadEvents(target, -requeued);
                                   counts.write(tx, ctx);
                                   return requeued;
                               });
}

std::optional<OutboxEvent> SqlEventOutbox::newestDead(const std::string& target) {
    return ctx_.pool->transact(
        "store: read the newest dead event of " + target, [ctx = ctx_.statements, target](Transaction& tx) {
            const auto& rows = preparedRows<EventRow>(tx, ctx, "event.newest-dead",
                                                      {Parameter::shortText(target), Parameter::integer(1)});
            return rows.empty() ? std::nullopt : std::optional(rows.front().event());
        });
}

std::vector<OutboxEvent> SqlEventOutbox::list(const std::string& target, std::optional<EventState> state,
                                              EventId afterId, int limit) {
    if (limit <= 0) {
        return {};
    }
    return ctx_.pool->transact(
        "store: list events of " + target + " after " + std::to_string(afterId),
        [ctx = ctx_.statements, target, state, afterId, limit](Transaction& tx) {
            const auto marks = readDeliveredMarks(tx, ctx);
            const auto found = marks.find(target);
            const EventId mark = found != marks.end() ? found->second : 0;
            Statement query(tx.session());
            std::vector<EventRow> rows;
            if (!state) {
                query << ctx["event.list"], ctx.text.shortText(target), bindInt64(afterId);
            } else if (*state == EventState::Sent) { // settled, or delivered below the mark
                query << ctx["event.list-sent"], ctx.text.shortText(target), bindInt64(afterId),
                    bindInt64(mark);
            } else { // PENDING above the mark only; DEAD as stored
                const EventId after = *state == EventState::Pending ? std::max(afterId, mark) : afterId;
                query << ctx["event.list-in-state"], ctx.text.shortText(target),
                    ctx.text.shortText(std::string(eventStateName(*state))), bindInt64(after);
            }
            query, bindInt(limit), into(rows);
            query.execute();
            completeLongTexts(tx, ctx, rows);
            return eventsOf(rows, marks);
        });
}

} // namespace msgx::storage
