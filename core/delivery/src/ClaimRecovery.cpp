#include "msgx/delivery/ClaimRecovery.h"

#include <vector>

namespace msgx::delivery {

int releaseStaleClaims(storage::OwnStore& store, const std::string& target, storage::Timestamp now,
                       int limit) {
    auto& outbox = store.events();
    std::vector<storage::EventId> held;
    const storage::EventId mark = outbox.deliveredMark(target);
    for (const auto& event : outbox.list(target, storage::EventState::Pending, mark, limit)) {
        if (event.nextAttemptAt > now) {
            held.push_back(event.id);
        }
    }
    if (!held.empty()) {
        outbox.postpone(held, now);
    }
    return static_cast<int>(held.size());
}

} // namespace msgx::delivery
