// TEMPORARY: the storage additions of the delivery/pipeline issues, filled in by the storage work.
#include "repository/SqlBackfillQueue.h"
#include "repository/SqlEventOutbox.h"
#include "repository/SqlProcessingQueue.h"
#include "repository/SqlReferenceRepository.h"

#include <stdexcept>

namespace msgx::storage {
namespace {
[[noreturn]] void notYet(const char* what) {
    throw std::logic_error(std::string("not implemented yet: ") + what);
}
} // namespace

WriteResult SqlProcessingQueue::commitAll(const std::vector<ProcessingCommit>&) {
    notYet("commitAll");
}
WriteResult SqlProcessingQueue::resetForReplay(MailboxId, const QueueGuard&) {
    notYet("resetForReplay");
}
std::vector<StateCount> SqlProcessingQueue::countByState() {
    notYet("countByState");
}
std::vector<ProcessingRecord> SqlProcessingQueue::list(const MessageFilter&, MailboxId, int) {
    notYet("list");
}
std::vector<TargetSummary> SqlEventOutbox::summary() {
    notYet("summary");
}
int SqlEventOutbox::requeueDead(const std::string&) {
    notYet("requeueDead");
}
std::optional<OutboxEvent> SqlEventOutbox::newestDead(const std::string&) {
    notYet("newestDead");
}
std::vector<OutboxEvent> SqlEventOutbox::list(const std::string&, std::optional<EventState>, EventId, int) {
    notYet("list");
}
std::vector<std::string> SqlReferenceRepository::classNames() {
    notYet("classNames");
}
bool SqlBackfillQueue::markDoneIf(MailboxId, Timestamp) {
    notYet("markDoneIf");
}

} // namespace msgx::storage
