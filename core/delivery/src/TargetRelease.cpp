#include "msgx/delivery/TargetRelease.h"

#include "msgx/log/Log.h"

#include <algorithm>
#include <string>
#include <vector>

namespace msgx::delivery {

namespace {

using storage::EventId;
using storage::EventState;

// Audit details stay readable for a long DEAD list: the first ids, then how many more.
constexpr std::size_t kIdsInAudit = 50;
constexpr int kListPage = 500;

std::vector<EventId> deadIdsAfter(storage::OwnStore& store, const std::string& target, EventId afterId) {
    std::vector<EventId> ids;
    for (;;) {
        const auto page = store.events().list(target, EventState::Dead, afterId, kListPage);
        for (const auto& event : page) {
            ids.push_back(event.id);
            afterId = event.id;
        }
        if (page.size() < static_cast<std::size_t>(kListPage)) {
            return ids;
        }
    }
}

std::string auditDetail(const std::string& target, const std::vector<EventId>& ids) {
    std::string detail = "target=" + target + " events=" + std::to_string(ids.size()) + " ids=";
    for (std::size_t i = 0; i < ids.size() && i < kIdsInAudit; ++i) {
        detail += (i == 0 ? "" : ",") + std::to_string(ids[i]);
    }
    if (ids.size() > kIdsInAudit) {
        detail += ",... (" + std::to_string(ids.size() - kIdsInAudit) + " more)";
    }
    return detail;
}

} // namespace

std::string releaseCursorName(const std::string& target) {
    return "delivery-released:" + target;
}

storage::EventId releaseMark(storage::OwnStore& store, const std::string& target) {
    const auto cursor = store.cursors().load(releaseCursorName(target));
    return cursor ? cursor->watermark : 0;
}

void passDeadEvents(storage::OwnStore& store, const std::string& target, storage::EventId deadEventId) {
    if (deadEventId <= releaseMark(store, target)) {
        return;
    }
    storage::InboxCursor cursor;
    cursor.name = releaseCursorName(target);
    cursor.watermark = deadEventId;
    store.cursors().save(cursor);
}

std::optional<TargetHold> findHold(storage::OwnStore& store, const std::string& target) {
    const auto dead = store.events().newestDead(target);
    if (!dead || dead->id <= releaseMark(store, target)) {
        return std::nullopt;
    }
    return TargetHold{dead->id, dead->lastError.value_or("")};
}

int retryDeadEvents(storage::OwnStore& store, const std::string& target, const std::string& actor) {
    // Only the DEAD events the target has not moved past: one skipped (or passed with on-dead
    // continue) is older than everything delivered since, and delivered now it would arrive after
    // newer events of its flight. Below the delivered mark a requeued event would count as
    // delivered and never be sent.
    const auto mark = std::max(releaseMark(store, target), store.events().deliveredMark(target));
    const auto ids = deadIdsAfter(store, target, mark);
    const int requeued = store.events().requeueDead(target, mark);
    store.audit().record(actor, "events-retry", auditDetail(target, ids));
    log::warn("delivery {}: {} requeued {} DEAD event(s) for another delivery", target, actor, requeued);
    return requeued;
}

int skipDeadEvents(storage::OwnStore& store, const std::string& target, const std::string& actor) {
    const auto mark = releaseMark(store, target);
    const auto ids = deadIdsAfter(store, target, mark);
    if (!ids.empty()) {
        passDeadEvents(store, target, ids.back());
    }
    store.audit().record(actor, "events-skip", auditDetail(target, ids));
    log::warn("delivery {}: {} skipped {} DEAD event(s); they stay DEAD and are not delivered", target, actor,
              ids.size());
    return static_cast<int>(ids.size());
}

} // namespace msgx::delivery
