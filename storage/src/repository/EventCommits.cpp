#include "repository/CommitStatements.h"
#include "repository/EventCommitParameters.h"

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
    std::size_t next = 0;
    if (eventInsertMany_) {
        for (; queuedEvents_.size() - next >= static_cast<std::size_t>(kEventsPerInsert);
             next += kEventsPerInsert) {
            for (int i = 0; i < kEventsPerInsert; ++i) {
                const auto& queued = queuedEvents_[next + i];
                setEvent(eventInsertMany_->values.rows[i], queued.event, queued.source, queued.stamp);
            }
            eventInsertMany_->execute();
        }
    }
    for (; next < queuedEvents_.size(); ++next) {
        const auto& queued = queuedEvents_[next];
        setEvent(eventInsert_->values, queued.event, queued.source, queued.stamp);
        eventInsert_->execute();
    }
    queuedEvents_.clear();
}

} // namespace msgx::storage
