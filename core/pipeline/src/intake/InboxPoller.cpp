#include "msgx/pipeline/intake/InboxPoller.h"

#include "msgx/log/Log.h"
#include "msgx/pipeline/intake/FirstStart.h"
#include "msgx/pipeline/intake/IntakeStopped.h"
#include "msgx/storage/ColumnLimits.h"

#include <algorithm>
#include <iterator>

namespace msgx::pipeline {

namespace {

using storage::MailboxId;
using storage::MailboxRow;

// The ids missing between `from` (included) and the rows read (ascending), up to the last row.
std::vector<IdRange> missingBetween(MailboxId from, const std::vector<MailboxRow>& rows) {
    std::vector<IdRange> missing;
    MailboxId expected = from;
    for (const auto& row : rows) {
        if (row.id > expected) {
            missing.push_back({expected, row.id - 1});
        }
        expected = std::max(expected, row.id + 1);
    }
    return missing;
}

std::string idList(const std::vector<MailboxId>& ids) {
    std::string text;
    for (const auto id : ids) {
        text += (text.empty() ? "" : ", ") + std::to_string(id);
    }
    return text;
}

} // namespace

InboxPoller::InboxPoller(storage::OwnStore& store, storage::MailboxInbox& inbox, const Clock& clock,
                         IntakeSettings settings)
    : store_(store), inbox_(inbox), clock_(clock), settings_(std::move(settings)) {}

Clock::duration InboxPoller::rescanHorizon(const config::PipelineConfig& pipeline) {
    return std::chrono::duration_cast<Clock::duration>(
        std::max(pipeline.maxCommitDelay * 10, pipeline.compensationInterval * 2));
}

bool InboxPoller::accepted(const config::MailboxConfig& mailbox, const std::optional<std::string>& status) {
    return status && std::find(mailbox.acceptStatus.begin(), mailbox.acceptStatus.end(), *status) !=
                         mailbox.acceptStatus.end();
}

std::string InboxPoller::skipNote(const std::optional<std::string>& status) {
    return "mailbox-status:" + (status ? *status : std::string("(null)"));
}

storage::NewMessage InboxPoller::newMessage(const config::MailboxConfig& mailbox, const MailboxRow& row) {
    storage::NewMessage message{row.id, row.xml, row.receivedAt, row.status, std::nullopt};
    if (!accepted(mailbox, row.status)) {
        message.skipNote = skipNote(row.status);
    }
    if (row.status && row.status->size() > storage::kMailboxStatusMaxBytes) {
        // Longer than MAILBOX_STATUS (the legacy column is as long): the whole value stays in the
        // note, the row is recorded instead of refusing the whole poll batch on every read.
        message.mailboxStatus.reset();
        message.skipNote = skipNote(row.status) + " (longer than " +
                           std::to_string(storage::kMailboxStatusMaxBytes) + " bytes)";
    }
    return message;
}

storage::InboxCursor InboxPoller::loadCursor() {
    if (!cursor_) {
        // A fresh store starts where pipeline.first-start says (msgxd decides at start; this is for a
        // store that was down then), else before the first id; nothing below it is watched
        // (rescanFrom > watermark).
        cursor_ = store_.cursors().load(kCursorName);
        if (!cursor_) {
            cursor_ =
                chooseFirstStart(settings_, store_, inbox_).value_or(storage::InboxCursor{kCursorName, 0, 1});
        }
    }
    return *cursor_;
}

void InboxPoller::checkMailboxNotBehind(const storage::InboxCursor& cursor) {
    mailboxChecked_ = false;
    const MailboxId largest = inbox_.maxId().value_or(0);
    if (largest >= cursor.watermark) {
        mailboxChecked_ = true;
        return;
    }
    if (const auto accepted = store_.cursors().load(kMailboxAckName);
        accepted && accepted->watermark == largest) {
        mailboxChecked_ = true;
        return;
    }
    throw IntakeStopped(
        "the mailbox " + settings_.mailbox.inboxTable + "'s largest id is " + std::to_string(largest) +
        (largest == 0 ? " (it is empty)" : "") + ", below the watermark " + std::to_string(cursor.watermark) +
        ": it was restored, truncated or its AUTO_INCREMENT reset, and the ids it hands out next were taken "
        "already; no row is taken until an operator acts: have the mailbox's next id set above " +
        std::to_string(cursor.watermark) + " (MySQL: ALTER TABLE " + settings_.mailbox.inboxTable +
        " AUTO_INCREMENT = " + std::to_string(cursor.watermark + 1) +
        "), then stop msgxd and run msgxctl cursor set --watermark " + std::to_string(cursor.watermark) +
        " --reason TEXT (docs/runbook.md \"MsgxIntakeStopped\")");
}

PollReport InboxPoller::pollOnce() {
    const storage::InboxCursor cursor = loadCursor();
    if (!mailboxChecked_) {
        checkMailboxNotBehind(cursor);
    }
    PollReport report;
    report.watermarkBefore = report.watermarkAfter = cursor.watermark;

    if (lastPollEmpty_ && !inbox_.hasRowsAbove(cursor.watermark)) {
        return report;
    }
    const auto rows = inbox_.readAbove(cursor.watermark, settings_.pipeline.batchSize);
    lastPollEmpty_ = rows.empty();
    report.read = static_cast<int>(rows.size());
    if (rows.empty()) {
        return report;
    }
    const storage::Timestamp now = clock_.now();
    const std::vector<storage::NewMessage> messages = takeable(cursor, rows, now, report);
    if (messages.empty()) {
        log::debug("poller: mailbox ids above {} wait for the missing ids {} (max-commit-delay {} ms)",
                   cursor.watermark, describe(report.waitingGaps), settings_.pipeline.maxCommitDelay.count());
        return report;
    }
    enqueueTaken(cursor, messages, now, report);
    log::debug("poller: read {} mailbox rows, queued {} new, watermark {} -> {}", report.read,
               report.enqueued, report.watermarkBefore, report.watermarkAfter);
    return report;
}

std::vector<storage::NewMessage> InboxPoller::takeable(const storage::InboxCursor& cursor,
                                                       const std::vector<MailboxRow>& rows,
                                                       storage::Timestamp now, PollReport& report) {
    const auto& gaps = waiting_.update(missingBetween(cursor.watermark + 1, rows), now);
    const auto expired = [&](const MissingRange& gap) {
        return now - gap.since >= settings_.pipeline.maxCommitDelay;
    };

    // The longest prefix whose lower ids are all present or expired gaps.
    std::vector<storage::NewMessage> messages;
    std::size_t gap = 0;
    for (const auto& row : rows) {
        bool blocked = false;
        std::vector<IdRange> passed;
        for (; gap < gaps.size() && gaps[gap].ids.last < row.id; ++gap) {
            if (!expired(gaps[gap])) {
                blocked = true;
                break;
            }
            passed.push_back(gaps[gap].ids);
        }
        if (blocked) {
            break;
        }
        report.expiredGaps.insert(report.expiredGaps.end(), passed.begin(), passed.end());
        messages.push_back(newMessage(settings_.mailbox, row));
    }
    const auto waitedSince = [&report](storage::Timestamp t) {
        report.oldestWaiting = report.oldestWaiting ? std::min(*report.oldestWaiting, t) : t;
    };
    for (const auto& missing : gaps) {
        if (!expired(missing)) {
            report.waitingGaps.push_back(missing.ids);
            waitedSince(missing.since);
        }
    }
    for (std::size_t i = messages.size(); i < rows.size(); ++i) {
        waitedSince(rows[i].receivedAt.value_or(now));
    }
    return messages;
}

void InboxPoller::enqueueTaken(const storage::InboxCursor& cursor,
                               const std::vector<storage::NewMessage>& messages, storage::Timestamp now,
                               PollReport& report) {
    storage::InboxCursor next = cursor;
    next.watermark = messages.back().mailboxId;
    if (cursor.rescanFrom > cursor.watermark) { // nothing below the old watermark is watched
        next.rescanFrom = report.expiredGaps.empty() ? next.watermark + 1 : report.expiredGaps.front().first;
    }
    std::vector<MailboxId> inserted;
    try {
        inserted = store_.processing().enqueue(messages, next);
    } catch (...) {
        cursor_.reset(); // the commit's outcome may be unknown: read the cursor again next time
        throw;
    }
    cursor_ = next;
    waiting_.forgetBelow(next.watermark + 1);
    for (const auto& given : report.expiredGaps) {
        givenUp_.add(given, now);
    }
    if (!report.expiredGaps.empty()) {
        log::warn("poller: gave up waiting for mailbox ids {} after max-commit-delay {} ms; ids up to {} "
                  "taken, the late-commit rescan keeps looking for them",
                  describe(report.expiredGaps), settings_.pipeline.maxCommitDelay.count(), next.watermark);
    }
    report.enqueued = static_cast<int>(inserted.size());
    report.watermarkAfter = next.watermark;
}

CompensationReport InboxPoller::compensateOnce() {
    const storage::InboxCursor cursor = loadCursor();
    checkMailboxNotBehind(cursor);
    CompensationReport report;
    report.rescanFromBefore = report.rescanFromAfter = cursor.rescanFrom;
    if (cursor.rescanFrom > cursor.watermark) {
        givenUp_.clear();
        return report;
    }
    const storage::Timestamp now = clock_.now();
    const int pageSize = std::max(1, settings_.pipeline.batchSize);

    // Pages of rows above rescanFrom - 1 up to the watermark; every row found is queued (idempotent:
    // a row already in PROC_STATE is left alone), the ones actually inserted are the late ones.
    std::vector<MailboxRow> window;
    MailboxId after = cursor.rescanFrom - 1;
    while (true) {
        const auto rows = inbox_.readAbove(after, pageSize);
        std::vector<storage::NewMessage> messages;
        for (const auto& row : rows) {
            if (row.id <= cursor.watermark) {
                messages.push_back(newMessage(settings_.mailbox, row));
                window.push_back({row.id, {}, {}, {}});
            }
        }
        report.scanned += static_cast<int>(messages.size());
        if (!messages.empty()) {
            const auto inserted = store_.processing().enqueue(messages, std::nullopt);
            report.late.insert(report.late.end(), inserted.begin(), inserted.end());
        }
        if (static_cast<int>(rows.size()) < pageSize || rows.back().id >= cursor.watermark) {
            break;
        }
        after = rows.back().id;
    }
    if (!report.late.empty()) {
        log::warn("poller: found mailbox ids {} committed late, below the watermark {}; queued now, they are "
                  "processed next, out of id order",
                  idList(report.late), cursor.watermark);
    }

    auto missing = missingBetween(cursor.rescanFrom, window);
    const MailboxId afterWindow = window.empty() ? cursor.rescanFrom : window.back().id + 1;
    if (afterWindow <= cursor.watermark) {
        missing.push_back({afterWindow, cursor.watermark});
    }
    const auto horizon = rescanHorizon(settings_.pipeline);
    MailboxId rescanFrom = cursor.watermark + 1;
    for (const auto& gap : givenUp_.update(missing, now)) {
        if (now - gap.since < horizon) {
            rescanFrom = gap.ids.first;
            break;
        }
        report.abandoned.push_back(gap.ids);
    }
    givenUp_.forgetBelow(rescanFrom);
    if (!report.abandoned.empty()) {
        log::warn("poller: stopped looking for the missing mailbox ids {}: not committed within the rescan "
                  "horizon of {} s (a row committed later there is not discovered)",
                  describe(report.abandoned),
                  std::chrono::duration_cast<std::chrono::seconds>(horizon).count());
    }
    if (rescanFrom != cursor.rescanFrom) {
        storage::InboxCursor next = cursor;
        next.rescanFrom = rescanFrom;
        try {
            store_.cursors().save(next);
        } catch (...) {
            cursor_.reset();
            throw;
        }
        cursor_ = next;
    }
    report.rescanFromAfter = rescanFrom;
    return report;
}

SweepReport InboxPoller::sweepOnce() {
    const storage::InboxCursor cursor = loadCursor();
    const auto startCursor = store_.cursors().load(kStartName);
    const MailboxId start = startCursor ? startCursor->watermark + 1 : 1;
    MailboxId end = cursor.watermark;
    if (const auto head = store_.processing().head()) {
        end = std::min(end, head->mailboxId - 1);
    }
    if (!sweepNext_ || *sweepNext_ < start || *sweepNext_ > end) {
        sweepNext_ = start;
    }
    SweepReport report;
    report.from = *sweepNext_;
    report.to = report.from - 1;
    const storage::Timestamp now = clock_.now();
    std::int64_t budget = settings_.pipeline.sweepIdsPerRound;
    MailboxId from = *sweepNext_;
    while (budget > 0 && from <= end) {
        const MailboxId to =
            std::min<MailboxId>(end, from + std::min<std::int64_t>(budget, kSweepPageIds) - 1);
        const auto unprocessed = inbox_.unprocessedIds(from, to, settings_.mailbox.acceptStatus);
        report.unprocessed += static_cast<int>(unprocessed.size());
        if (!unprocessed.empty()) {
            const auto known = store_.processing().knownIds(unprocessed.front(), unprocessed.back());
            std::vector<MailboxId> unknown;
            std::set_difference(unprocessed.begin(), unprocessed.end(), known.begin(), known.end(),
                                std::back_inserter(unknown));
            std::vector<storage::NewMessage> messages;
            for (const auto id : unknown) {
                for (const auto& row : inbox_.readRange(id, id)) {
                    messages.push_back(newMessage(settings_.mailbox, row));
                }
            }
            if (!messages.empty()) {
                const auto inserted = store_.processing().enqueue(messages, std::nullopt);
                for (const auto& message : messages) {
                    if (std::find(inserted.begin(), inserted.end(), message.mailboxId) == inserted.end()) {
                        continue;
                    }
                    report.late.push_back(message.mailboxId);
                    const auto late = message.receivedAt
                                          ? std::to_string(std::chrono::duration_cast<std::chrono::seconds>(
                                                               now - *message.receivedAt)
                                                               .count()) +
                                                " s after it was received"
                                          : std::string("(no DATE_RECEIVED)");
                    log::warn("poller: the late-commit sweep found mailbox id {} below the queue head, {}, "
                              "never seen before (it committed after the rescan horizon): queued now, "
                              "processed next, out of id order",
                              message.mailboxId, late);
                }
            }
        }
        budget -= to - from + 1;
        from = to + 1;
    }
    report.to = from - 1;
    report.completed = from > end;
    sweepNext_ = report.completed ? start : from;
    log::debug("poller: late-commit sweep read ids {}..{}: {} unprocessed, {} late{}", report.from, report.to,
               report.unprocessed, report.late.size(), report.completed ? "; starts again next round" : "");
    return report;
}

} // namespace msgx::pipeline
