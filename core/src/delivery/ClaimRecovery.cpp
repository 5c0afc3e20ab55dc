#include "msgx/delivery/ClaimRecovery.h"

#include "msgx/log/Log.h"

#include <vector>

namespace msgx::delivery {

int releaseStaleClaims(storage::OwnStore& store, const std::string& target, storage::Timestamp now,
                       int limit) {
    auto& outbox = store.events();
    std::vector<storage::EventId> held;
    for (const auto& event : outbox.list(target, storage::EventState::Pending, 0, limit)) {
        if (event.nextAttemptAt > now) {
            held.push_back(event.id);
        }
    }
    if (!held.empty()) {
        outbox.postpone(held, now);
        log::info(
            "delivery target {}: {} event(s) claimed or backing off under the previous writer are due again",
            target, held.size());
    }
    return static_cast<int>(held.size());
}

} // namespace msgx::delivery
