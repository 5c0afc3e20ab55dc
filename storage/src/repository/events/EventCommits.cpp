#include "repository/events/EventCommitParameters.h"
#include "repository/processing/CommitStatements.h"

namespace msgx::storage {

namespace {

void setEvent(auto& v, const NewEvent& event, std::optional<MailboxId> source, Timestamp stamp) {
    v.target.set(event.target);
    v.flid = nullable(event.flid);
    v.payload.set(event.payloadJson);
    v.state.set(std::string(eventStateName(EventState::Pending)));
    v.attempts = 0;
    v.nextAttemptAt = toEpochMicros(stamp);
    v.sourceId = nullable(source);
    v.createdAt = toEpochMicros(stamp);
}

} // namespace

void CommitStatements::addEvent(const NewEvent& event, std::optional<MailboxId> source, Timestamp stamp) {
    queuedEvents_.push_back({event, source, stamp});
}

void CommitStatements::writeEvents() {
    insertEvents_.write(queuedEvents_, *eventInsert_, [](EventInsert& row, const QueuedEvent& queued) {
        setEvent(row, queued.event, queued.source, queued.stamp);
    });
}

} // namespace msgx::storage
