#pragma once

#include "msgx/codec/ErrorClass.h"
#include "msgx/json/JsonValue.h"
#include "msgx/storage/OwnStore.h"

#include <optional>
#include <string>
#include <vector>

namespace msgx::pipeline {

// Which messages an operator asks to replay (US-10): explicit ids, or every FAILED/DEAD message of
// one error class. Archived DEAD messages (PROC_STATE_HST) are found and replayed too: the reset
// moves them back into PROC_STATE (ProcessingQueue::resetForReplay).
struct ReplaySelection {
    std::vector<storage::MailboxId> ids;
    std::optional<ErrorClass> errorClass;
    int limit = 1000; // by error class: at most this many, smallest ids first
};

// A flight the message names that was written after the message last failed (US-10.4): replaying
// the message now applies its older content over that newer state.
struct ChangedFlight {
    storage::FlightId flid = 0;
    storage::Timestamp updatedAt{};
};

// One selected message and what a replay would do to it.
struct ReplayCandidate {
    storage::MailboxId id = 0;
    bool found = false;
    std::optional<storage::ProcessingRecord> record;
    bool eligible = false;
    std::string refusal; // why not, when !eligible
    // Of an eligible message: the flights it names (pipeline::flightIdsNamedIn) whose UPDATED_AT is
    // after the message's last failure (its PROC_STATE UPDATED_AT). Applying it then needs `force`.
    std::vector<ChangedFlight> changedFlights;
    // "flight 880301 changed at 2024-03-18T08:00:00Z, after message 7 failed at ...": the warning
    // of a non-empty changedFlights.
    [[nodiscard]] std::string warning() const;
};

// What a replay does to an eligible candidate, as the preview says it: "-> PENDING, attempts 0, new
// deadline anchor", with "back from history (PROC_STATE_HST)" first for an archived DEAD message.
std::string replayChange(const ReplayCandidate& candidate);

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
// message, {"id", "state", "errorClass", "attempts", "lastError", "eligible", "change", "refusal",
// "changedFlights": [{"flid", "updatedAt"}], "warning", "needsForce", "archived"} ("archived": found
// in PROC_STATE_HST).
json::JsonValue replayCandidatesJson(const ReplayPlan& plan);

// {"replayed": [id, ...], "refused": [{"id", <refusalMember>}, ...]}: msgxctl replay --apply --json
// ("refusal", as its preview says) and POST /ops/replay/apply ("reason", its contract).
json::JsonValue replayOutcomeJson(const ReplayOutcome& outcome, const std::string& refusalMember);

// Applies a plan: each eligible message is reset to PENDING (attempts 0, a new deadline anchor,
// identity kept, a back-fill intent still due superseded) guarded by the state and attempts the plan
// read, so a message that moved on since the preview is refused, not reset. A message with changed
// flights is refused with its warning unless `force` (the operator read the warning; the audit
// says forced). Writes one OPS_AUDIT entry (actor, action "replay", detail with the reason, whether
// forced, the ids replayed, the ids refused with their reasons and the old attempts/anchor).
ReplayOutcome applyReplay(storage::OwnStore& store, const ReplayPlan& plan, const std::string& actor,
                          const std::string& reason, bool force = false);

} // namespace msgx::pipeline
