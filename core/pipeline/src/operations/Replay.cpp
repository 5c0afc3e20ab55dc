#include "msgx/pipeline/operations/Replay.h"

#include "msgx/decoder/MessageDecoder.h"
#include "msgx/json/JsonValue.h"
#include "msgx/pipeline/routing/NamedFlights.h"
#include "msgx/sdk/UtcTime.h"

#include <algorithm>
#include <set>

namespace msgx::pipeline {

using storage::ProcessingState;

std::string ReplayCandidate::warning() const {
    if (changedFlights.empty() || !record) {
        return {};
    }
    std::string text;
    for (const auto& flight : changedFlights) {
        text += (text.empty() ? "flight " : ", flight ") + std::to_string(flight.flid) + " changed at " +
                sdk::formatUtc(flight.updatedAt);
    }
    return text + ", after message " + std::to_string(id) + " last failed at " +
           sdk::formatUtc(record->updatedAt) +
           ": replaying it applies its older content over the newer state; apply with force if that is "
           "intended";
}

std::string replayChange(const ReplayCandidate& candidate) {
    return candidate.record && candidate.record->archived
               ? "back from history (PROC_STATE_HST) -> PENDING, attempts 0, new deadline anchor"
               : "-> PENDING, attempts 0, new deadline anchor";
}

int ReplayPlan::eligibleCount() const {
    return static_cast<int>(std::count_if(candidates.begin(), candidates.end(),
                                          [](const ReplayCandidate& c) { return c.eligible; }));
}

std::optional<std::string> replayRefusal(const storage::ProcessingRecord& record) {
    if (record.state != ProcessingState::Failed && record.state != ProcessingState::Dead) {
        return "message " + std::to_string(record.mailboxId) + " is " +
               std::string(storage::stateName(record.state)) +
               "; only FAILED or DEAD messages can be replayed";
    }
    if (!record.errorClass) {
        return "message " + std::to_string(record.mailboxId) + " has no error class; nothing to replay";
    }
    switch (*record.errorClass) {
    case ErrorClass::Malformed:
        return "message " + std::to_string(record.mailboxId) +
               " is MALFORMED: its XML cannot be decoded, a replay would fail the same way; the sender "
               "must send a corrected message";
    case ErrorClass::CodecError:
    case ErrorClass::Unsupported:
    case ErrorClass::Infra:
    case ErrorClass::Exhausted:
        return std::nullopt;
    }
    return "message " + std::to_string(record.mailboxId) + " has an unknown error class";
}

namespace {

// When flight `flid` last changed: the live flight's, else the latest one in the flight history (a
// flight moved there after the message failed was changed all the same).
std::optional<storage::Timestamp> lastChangeOf(storage::OwnStore& store, sdk::Flid flid) {
    if (const auto flight = store.flights().byFlid(flid)) {
        return flight->updatedAt;
    }
    std::optional<storage::Timestamp> latest;
    for (const auto& [record, lists] : store.flights().historyGroupsOf({flid}, storage::Timestamp{})) {
        if (record.flid == flid) {
            latest = record.updatedAt;
        }
    }
    return latest;
}

// The flights of an eligible message written after its last failure (US-10.4). A document that does
// not decode names none (it is not eligible then anyway, unless the decoder's limits changed).
std::vector<ChangedFlight> changedFlightsOf(storage::OwnStore& store,
                                            const storage::ProcessingRecord& record) {
    std::vector<ChangedFlight> changed;
    const auto decoded = codec::decodeMessage(record.rawXml);
    if (!decoded.ok()) {
        return changed;
    }
    std::set<sdk::Flid> seen;
    for (const auto flid : flightIdsNamedIn(decoded.message())) {
        if (!seen.insert(flid).second) {
            continue;
        }
        if (const auto changedAt = lastChangeOf(store, flid); changedAt && *changedAt > record.updatedAt) {
            changed.push_back({flid, *changedAt});
        }
    }
    return changed;
}

ReplayCandidate candidateOf(storage::OwnStore& store, storage::MailboxId id,
                            std::optional<storage::ProcessingRecord> record) {
    ReplayCandidate candidate;
    candidate.id = id;
    candidate.found = record.has_value();
    if (!record) {
        candidate.refusal = "message " + std::to_string(id) +
                            " is not in the own store (never polled, or purged from history after "
                            "history.retention)";
        return candidate;
    }
    const auto refusal = replayRefusal(*record);
    candidate.eligible = !refusal;
    candidate.refusal = refusal.value_or("");
    if (candidate.eligible) {
        candidate.changedFlights = changedFlightsOf(store, *record);
    }
    candidate.record = std::move(record);
    return candidate;
}

} // namespace

ReplayPlan planReplay(storage::OwnStore& store, const ReplaySelection& selection) {
    ReplayPlan plan;
    auto& queue = store.processing();
    for (const auto id : selection.ids) {
        // An archived DEAD message is still repairable (resetForReplay moves it back).
        plan.candidates.push_back(candidateOf(store, id, queue.findAnywhere(id)));
    }
    if (selection.errorClass) {
        for (const auto state : {ProcessingState::Failed, ProcessingState::Dead}) {
            storage::MailboxId after = 0;
            for (;;) {
                const int room = selection.limit - static_cast<int>(plan.candidates.size());
                if (room <= 0) {
                    break;
                }
                // DEAD includes the archived DEAD messages (IX_PROC_STATE_HST_STATE, by class).
                const auto page = queue.list({state, selection.errorClass}, after, std::min(room, 500));
                for (const auto& record : page) {
                    plan.candidates.push_back(candidateOf(store, record.mailboxId, record));
                }
                if (page.empty() || static_cast<int>(page.size()) < std::min(room, 500)) {
                    break;
                }
                after = page.back().mailboxId;
            }
        }
        std::sort(plan.candidates.begin(), plan.candidates.end(),
                  [](const ReplayCandidate& a, const ReplayCandidate& b) { return a.id < b.id; });
    }
    return plan;
}

ReplayOutcome applyReplay(storage::OwnStore& store, const ReplayPlan& plan, const std::string& actor,
                          const std::string& reason, bool force) {
    ReplayOutcome outcome;
    auto detail = json::JsonValue::object();
    detail.set("reason", json::JsonValue::string(reason));
    detail.set("forced", json::JsonValue::boolean(force));
    auto replayed = json::JsonValue::array();
    auto refused = json::JsonValue::array();
    for (const auto& candidate : plan.candidates) {
        if (!candidate.eligible || !candidate.record) {
            outcome.refused.emplace_back(candidate.id, candidate.refusal);
            continue;
        }
        if (!candidate.changedFlights.empty() && !force) {
            outcome.refused.emplace_back(candidate.id, candidate.warning());
            continue;
        }
        const auto& before = *candidate.record;
        const auto result = store.processing().resetForReplay(
            candidate.id, storage::QueueGuard{before.state, before.attempts});
        if (!result.applied) {
            outcome.refused.emplace_back(candidate.id, result.conflict);
            continue;
        }
        outcome.replayed.push_back(candidate.id);
        auto item = json::JsonValue::object();
        item.set("id", json::JsonValue::integer(candidate.id));
        item.set("state", json::JsonValue::string(std::string(storage::stateName(before.state))));
        item.set("errorClass", json::JsonValue::string(std::string(errorClassName(*before.errorClass))));
        item.set("attempts", json::JsonValue::integer(before.attempts));
        if (before.processingStartedAt) {
            item.set("processingStartedAtMicros",
                     json::JsonValue::integer(storage::toEpochMicros(*before.processingStartedAt)));
        }
        replayed.push(std::move(item));
    }
    for (const auto& [id, why] : outcome.refused) {
        auto item = json::JsonValue::object();
        item.set("id", json::JsonValue::integer(id));
        item.set("refusal", json::JsonValue::string(why));
        refused.push(std::move(item));
    }
    detail.set("replayed", std::move(replayed));
    detail.set("refused", std::move(refused));
    store.audit().record(actor, "replay", json::renderJson(detail));
    return outcome;
}

json::JsonValue replayCandidatesJson(const ReplayPlan& plan) {
    using json::JsonValue;
    auto list = JsonValue::array();
    for (const auto& c : plan.candidates) {
        auto item = JsonValue::object();
        item.set("id", JsonValue::integer(c.id));
        if (c.record) {
            item.set("state", JsonValue::string(std::string(storage::stateName(c.record->state))));
            item.set("errorClass", c.record->errorClass
                                       ? JsonValue::string(std::string(errorClassName(*c.record->errorClass)))
                                       : JsonValue());
            item.set("attempts", JsonValue::integer(c.record->attempts));
            item.set("lastError", JsonValue::stringOrNull(c.record->lastError));
        } else {
            item.set("state", JsonValue());
        }
        item.set("eligible", JsonValue::boolean(c.eligible));
        item.set("change", c.eligible ? JsonValue::string(replayChange(c)) : JsonValue());
        item.set("refusal", c.eligible ? JsonValue() : JsonValue::string(c.refusal));
        auto changed = JsonValue::array();
        for (const auto& flight : c.changedFlights) {
            auto entry = JsonValue::object();
            entry.set("flid", JsonValue::integer(flight.flid));
            entry.set("updatedAt", JsonValue::string(sdk::formatUtc(flight.updatedAt)));
            changed.push(std::move(entry));
        }
        item.set("changedFlights", std::move(changed));
        item.set("warning", c.changedFlights.empty() ? JsonValue() : JsonValue::string(c.warning()));
        item.set("needsForce", JsonValue::boolean(c.eligible && !c.changedFlights.empty()));
        item.set("archived", JsonValue::boolean(c.record && c.record->archived));
        list.push(std::move(item));
    }
    return list;
}

json::JsonValue replayOutcomeJson(const ReplayOutcome& outcome, const std::string& refusalMember) {
    using json::JsonValue;
    auto replayed = JsonValue::array();
    for (const auto id : outcome.replayed) {
        replayed.push(JsonValue::integer(id));
    }
    auto refused = JsonValue::array();
    for (const auto& [id, why] : outcome.refused) {
        auto item = JsonValue::object();
        item.set("id", JsonValue::integer(id));
        item.set(refusalMember, JsonValue::string(why));
        refused.push(std::move(item));
    }
    auto result = JsonValue::object();
    result.set("replayed", std::move(replayed));
    result.set("refused", std::move(refused));
    return result;
}

} // namespace msgx::pipeline
