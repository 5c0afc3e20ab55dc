#include "msgx/pipeline/intake/FirstStart.h"

#include "msgx/config/Config.h"
#include "msgx/log/Log.h"
#include "msgx/pipeline/intake/InboxPoller.h"
#include "msgx/pipeline/intake/IntakeStopped.h"
#include "msgx/storage/InfraError.h"

#include <stdexcept>
#include <string>

namespace msgx::pipeline {

config::FirstStart resolvedFirstStart(const config::Config& config) {
    if (config.pipeline.firstStart != config::FirstStart::Auto) {
        return config.pipeline.firstStart;
    }
    return config.profile == config::Profile::Embedded ? config::FirstStart::Beginning
                                                       : config::FirstStart::Refuse;
}

std::optional<storage::InboxCursor> firstStartCursor(config::FirstStart mode,
                                                     std::optional<storage::MailboxId> maxId,
                                                     std::optional<storage::MailboxId> lowestUnprocessed) {
    const std::string name = InboxPoller::kCursorName;
    if (!maxId) {
        return std::nullopt;
    }
    switch (mode) {
    case config::FirstStart::Auto:
    case config::FirstStart::Beginning:
        return std::nullopt;
    case config::FirstStart::AfterMaxId:
        return storage::InboxCursor{name, *maxId, *maxId + 1};
    case config::FirstStart::LowestUnprocessed:
        if (!lowestUnprocessed) {
            return storage::InboxCursor{name, *maxId, *maxId + 1}; // the legacy consumer processed all
        }
        return storage::InboxCursor{name, *lowestUnprocessed - 1, *lowestUnprocessed};
    case config::FirstStart::Refuse:
        throw IntakeStopped(
            "the own store has never read the mailbox, and the mailbox holds rows up to id " +
            std::to_string(*maxId) + " (the lowest the legacy consumer has not processed: " +
            (lowestUnprocessed ? std::to_string(*lowestUnprocessed) : std::string("none")) +
            "): choose where msgxd starts before it processes that history again: set pipeline.first-start "
            "to "
            "after-max-id, lowest-unprocessed or beginning, or run msgxctl cursor set --watermark ID "
            "--reason TEXT "
            "(docs/operations.md \"Cut-over\")");
    }
    return std::nullopt;
}

std::optional<storage::InboxCursor> chooseFirstStart(const IntakeSettings& settings, storage::OwnStore& store,
                                                     storage::MailboxInbox& inbox) {
    if (store.cursors().load(InboxPoller::kCursorName)) {
        return std::nullopt;
    }
    const config::FirstStart mode = settings.firstStart;
    if (mode == config::FirstStart::Beginning) {
        return std::nullopt;
    }
    const std::optional<storage::MailboxId> maxId = inbox.maxId();
    std::optional<storage::MailboxId> lowest;
    if (maxId && mode != config::FirstStart::AfterMaxId) {
        lowest = inbox.lowestUnprocessed(settings.mailbox.acceptStatus);
    }
    auto cursor = firstStartCursor(mode, maxId, lowest);
    if (cursor) {
        // The start first: a store with the inbox cursor always has it (the sweep stays above it).
        store.cursors().save({InboxPoller::kStartName, cursor->watermark, cursor->watermark + 1});
        store.cursors().save(*cursor);
        const std::string detail = "pipeline.first-start " + std::string(config::name(mode)) +
                                   ": watermark " + std::to_string(cursor->watermark) +
                                   " (mailbox largest id " + std::to_string(maxId.value_or(0)) + ")";
        store.audit().record("msgxd", "cursor-first-start", detail);
        log::info("first start: {}; the rows up to it are left to the legacy consumer", detail);
    }
    return cursor;
}

} // namespace msgx::pipeline
