#pragma once

#include "msgx/codec/ErrorClass.h"
#include "msgx/json/JsonValue.h"
#include "msgx/storage/OwnStore.h"

#include <optional>
#include <string>
#include <vector>

namespace msgx::pipeline {

// Which messages an operator asks to replay (US-10): explicit ids, or every FAILED/DEAD message of
// one error class.
struct ReplaySelection {
    std::vector<storage::MailboxId> ids;
    std::optional<ErrorClass> errorClass;
    int limit = 1000; // by error class: at most this many, smallest ids first
};

// One selected message and what a replay would do to it.
struct ReplayCandidate {
    storage::MailboxId id = 0;
    bool found = false;
    std::optional<storage::ProcessingRecord> record;
    bool eligible = false;
    std::string refusal; // why not, when !eligible
};

struct ReplayPlan {
    std::vector<ReplayCandidate> candidates;

    [[nodiscard]] int eligibleCount() const;
};

struct ReplayOutcome {
    std::vector<storage::MailboxId> replayed;
    std::vector<std::pair<storage::MailboxId, std::string>> refused; // id, why
};

// Only FAILED or DEAD messages of class CODEC_ERROR, UNSUPPORTED, INFRA or EXHAUSTED can be replayed;
// MALFORMED is refused (the XML itself is broken: replaying it can only fail the same way), as is
// every other state. The reason, when refused.
std::optional<std::string> replayRefusal(const storage::ProcessingRecord& record);

// The preview: reads the selected messages, changes nothing.
ReplayPlan planReplay(storage::OwnStore& store, const ReplaySelection& selection);

// The plan as `msgxctl replay --json` and POST /ops/replay/preview show it: one object per selected
// message, {"id", "state", "errorClass", "attempts", "lastError", "eligible", "change", "refusal"}.
json::JsonValue replayCandidatesJson(const ReplayPlan& plan);

// Applies a plan: each eligible message is reset to PENDING (attempts 0, a new deadline anchor,
// identity kept) guarded by the state and attempts the plan read, so a message that moved on since
// the preview is refused, not reset. Writes one OPS_AUDIT entry (actor, action "replay", detail with
// the reason, the ids replayed, the ids refused with their reasons and the old attempts/anchor).
ReplayOutcome applyReplay(storage::OwnStore& store, const ReplayPlan& plan, const std::string& actor,
                          const std::string& reason);

} // namespace msgx::pipeline
