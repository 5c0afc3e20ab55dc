#include "repository/processing/QueueGuard.h"

namespace msgx::storage {

std::string describe(MailboxId id, const std::optional<LockedRow>& row) {
    if (!row) {
        return "PROC_STATE " + std::to_string(id) + " does not exist";
    }
    return "PROC_STATE " + std::to_string(id) + " is " + row->state + "/" + std::to_string(row->attempts);
}

std::optional<std::string> guardFails(MailboxId id, const std::optional<LockedRow>& row,
                                      const QueueGuard& expected) {
    const std::string wanted =
        std::string(stateName(expected.state)) + "/" + std::to_string(expected.attempts);
    if (!row || row->state != stateName(expected.state) || row->attempts != expected.attempts ||
        isTerminal(expected.state)) {
        return describe(id, row) + ", expected " + wanted;
    }
    return std::nullopt;
}

WriteResult refusedAt(MailboxId id, std::string why) {
    auto result = WriteResult::refused(std::move(why));
    result.conflictAt = id;
    return result;
}

} // namespace msgx::storage
