#include "msgx/pipeline/operations/BacklogSkip.h"

#include "msgx/pipeline/intake/InboxPoller.h"

#include <algorithm>
#include <stdexcept>
#include <string_view>

namespace msgx::pipeline {

namespace {

constexpr std::string_view kBacklogNotePrefix = "backlog:";

bool isBacklogRow(const std::optional<storage::ProcessingRecord>& record) {
    return record && record->state == storage::ProcessingState::Skipped && record->note &&
           record->note->starts_with(kBacklogNotePrefix);
}

} // namespace

std::string backlogNote(const std::string& reason) {
    return std::string(kBacklogNotePrefix) + reason;
}

BacklogSkipReport skipBacklog(storage::OwnStore& store, storage::MailboxInbox& inbox, const Clock& clock,
                              const IntakeSettings& settings, storage::MailboxId first,
                              storage::MailboxId last, const std::string& reason, const std::string& actor) {
    if (first > last) {
        throw std::invalid_argument("--from " + std::to_string(first) + " is above --to " +
                                    std::to_string(last));
    }
    if (reason.empty()) {
        throw std::invalid_argument("a reason is required (it goes into the note and OPS_AUDIT)");
    }
    const std::string note = backlogNote(reason);
    const storage::MailboxId page = std::max(1, settings.pipeline.batchSize);
    BacklogSkipReport report;
    for (storage::MailboxId from = first; from <= last; from += page) {
        const storage::MailboxId to = std::min(last, from + page - 1);
        const auto rows = inbox.readRange(from, to);
        if (rows.empty()) {
            continue;
        }
        std::vector<storage::NewMessage> messages;
        std::vector<storage::MailboxId> ours; // an accepted status: the rows intake would mark
        for (const auto& row : rows) {
            storage::NewMessage message = InboxPoller::newMessage(settings.mailbox, row);
            message.skipNote = note; // whatever intake would have noted: the backlog's reason
            if (InboxPoller::accepted(settings.mailbox, row.status)) {
                ours.push_back(row.id);
            }
            messages.push_back(std::move(message));
        }
        const auto inserted = store.processing().enqueue(messages, std::nullopt);
        // The backlog rows of this page to mark: the new ones, and those an earlier run recorded.
        std::vector<storage::MailboxMark> marks;
        const auto now = clock.now();
        for (const auto& message : messages) {
            const bool isNew =
                std::find(inserted.begin(), inserted.end(), message.mailboxId) != inserted.end();
            if (isNew) {
                ++report.recorded;
            } else if (!isBacklogRow(store.processing().find(message.mailboxId))) {
                ++report.alreadyQueued;
                continue;
            }
            if (std::find(ours.begin(), ours.end(), message.mailboxId) == ours.end()) {
                ++report.otherStatus;
                continue;
            }
            marks.push_back({message.mailboxId, now, settings.mailbox.statusMap.skipped});
        }
        if (!settings.shadow && !marks.empty()) {
            const auto marked = inbox.backfillUnmarked(marks);
            report.marked += marked;
            report.legacyMarked += static_cast<std::int64_t>(marks.size()) - marked;
        }
    }
    const std::string detail =
        "ids " + std::to_string(first) + ".." + std::to_string(last) + " " + note + ": " +
        std::to_string(report.recorded) + " recorded SKIPPED, " + std::to_string(report.alreadyQueued) +
        " already queued (left as they were), " + std::to_string(report.otherStatus) +
        " not back-filled (STATUS outside mailbox.accept-status), " +
        (settings.shadow
             ? std::string("no back-fill (shadow)")
             : std::to_string(report.marked) + " back-filled, " + std::to_string(report.legacyMarked) +
                   " already marked (by the legacy consumer or an earlier run; kept)");
    store.audit().record(actor, "skip", detail);
    return report;
}

} // namespace msgx::pipeline
