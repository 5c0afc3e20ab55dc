#include "msgx/pipeline/Replay.h"

#include "msgx/json/JsonValue.h"

#include <algorithm>

namespace msgx::pipeline {

using storage::ProcessingState;

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

ReplayCandidate candidateOf(storage::MailboxId id, std::optional<storage::ProcessingRecord> record) {
    ReplayCandidate candidate;
    candidate.id = id;
    candidate.found = record.has_value();
    if (!record) {
        candidate.refusal =
            "message " + std::to_string(id) + " is not in the own store (never polled, or archived)";
        return candidate;
    }
    const auto refusal = replayRefusal(*record);
    candidate.eligible = !refusal;
    candidate.refusal = refusal.value_or("");
    candidate.record = std::move(record);
    return candidate;
}

} // namespace

ReplayPlan planReplay(storage::OwnStore& store, const ReplaySelection& selection) {
    ReplayPlan plan;
    auto& queue = store.processing();
    for (const auto id : selection.ids) {
        plan.candidates.push_back(candidateOf(id, queue.find(id)));
    }
    if (selection.errorClass) {
        for (const auto state : {ProcessingState::Failed, ProcessingState::Dead}) {
            storage::MailboxId after = 0;
            for (;;) {
                const int room = selection.limit - static_cast<int>(plan.candidates.size());
                if (room <= 0) {
                    break;
                }
                const auto page = queue.list({state, selection.errorClass}, after, std::min(room, 500));
                for (const auto& record : page) {
                    plan.candidates.push_back(candidateOf(record.mailboxId, record));
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
                          const std::string& reason) {
    ReplayOutcome outcome;
    auto detail = json::JsonValue::object();
    detail.set("reason", json::JsonValue::string(reason));
    auto replayed = json::JsonValue::array();
    auto refused = json::JsonValue::array();
    for (const auto& candidate : plan.candidates) {
        if (!candidate.eligible || !candidate.record) {
            outcome.refused.emplace_back(candidate.id, candidate.refusal);
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
            item.set("lastError",
                     c.record->lastError ? JsonValue::string(*c.record->lastError) : JsonValue());
        } else {
            item.set("state", JsonValue());
        }
        item.set("eligible", JsonValue::boolean(c.eligible));
        item.set("change",
                 c.eligible ? JsonValue::string("-> PENDING, attempts 0, new deadline anchor") : JsonValue());
        item.set("refusal", c.eligible ? JsonValue() : JsonValue::string(c.refusal));
        list.push(std::move(item));
    }
    return list;
}

} // namespace msgx::pipeline
