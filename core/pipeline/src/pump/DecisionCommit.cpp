#include "msgx/pipeline/pump/DecisionCommit.h"

#include "msgx/pipeline/pump/EventPayloads.h"
#include "msgx/pipeline/pump/StoreReferenceView.h"
#include "msgx/storage/ColumnLimits.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace msgx::pipeline {

DecisionCommit::DecisionCommit(CommitSettings settings) : settings_(std::move(settings)) {}

storage::ProcessingCommit DecisionCommit::base(const storage::ProcessingRecord& record,
                                               const std::optional<std::string>& identityKey,
                                               storage::ProcessingState state, Backfill backfill,
                                               storage::Timestamp now) const {
    storage::ProcessingCommit commit;
    commit.mailboxId = record.mailboxId;
    commit.expected = {record.state, record.attempts};
    commit.outcome.state = state;
    if (!settings_.shadow) {
        switch (backfill) {
        case Backfill::Succeeded:
            commit.outcome.backfillStatus = settings_.statusMap.succeeded;
            break;
        case Backfill::Skipped:
            commit.outcome.backfillStatus = settings_.statusMap.skipped;
            break;
        case Backfill::Duplicate:
            commit.outcome.backfillStatus = settings_.statusMap.duplicate;
            break;
        case Backfill::Dead:
            commit.outcome.backfillStatus = settings_.statusMap.dead;
            break;
        }
    }
    if (!record.identityKey) {
        commit.identityKey = identityKey;
    }
    if (!record.processingStartedAt) {
        commit.processingStartedAt = now;
    }
    return commit;
}

storage::ProcessingCommit DecisionCommit::ofDecision(const storage::ProcessingRecord& record,
                                                     const std::optional<std::string>& identityKey,
                                                     const sdk::Decision& decision, StoreFlightView& flights,
                                                     storage::Timestamp now,
                                                     std::optional<storage::Timestamp> sentAt) const {
    if (decision.outcome == sdk::Decision::Outcome::Fail) {
        throw std::invalid_argument("a Fail decision does not end message " +
                                    std::to_string(record.mailboxId));
    }
    std::string note;
    const auto addNote = [&note](const std::string& text) {
        if (!text.empty()) {
            note += note.empty() ? text : "; " + text;
        }
    };
    if (decision.outcome == sdk::Decision::Outcome::Skip) {
        storage::ProcessingCommit commit =
            base(record, identityKey, storage::ProcessingState::Skipped, Backfill::Skipped, now);
        addNote(decision.reason);
        for (const auto& text : decision.notes) {
            addNote(text);
        }
        commit.outcome.note = note.empty() ? std::nullopt : std::optional(note);
        return commit;
    }

    storage::ProcessingCommit commit =
        base(record, identityKey, storage::ProcessingState::Succeeded, Backfill::Succeeded, now);
    for (const auto& text : decision.notes) {
        addNote(text);
    }
    for (const auto& request : decision.outbound) {
        addNote("outbound request " + request.type + "-" + request.subtype);
    }
    const std::set<sdk::Flid> stale = staleForHistory(decision, flights, sentAt);
    for (const sdk::Flid flid : stale) {
        addNote("stale-for-history:" + std::to_string(flid));
    }
    commit.outcome.note = note.empty() ? std::nullopt : std::optional(note);

    for (const auto& change : decision.flights) {
        if (!stale.contains(change.flid)) {
            commit.flights.push_back(flights.apply(change));
        }
    }
    // A group brought back from the history is told as it was told it left (docs/delivery.md "A
    // flight moved to the history"): each member's return on `msg` before this message's changes,
    // and its whole document on `schd`.
    std::vector<sdk::Flid> pushes;
    for (const sdk::Flid flid : flights.takeRevived()) {
        commit.events.push_back({"msg", flid, flightFromHistoryPayload(flid)});
        pushes.push_back(flid);
    }
    for (const auto& event : decision.events) {
        if (!stale.contains(event.flid)) {
            commit.events.push_back({"msg", event.flid, msgEventPayload(event)});
        }
    }
    for (const sdk::Flid flid : decision.schdPush) {
        if (std::find(pushes.begin(), pushes.end(), flid) == pushes.end()) {
            pushes.push_back(flid);
        }
    }
    for (const sdk::Flid flid : pushes) {
        if (stale.contains(flid)) {
            continue;
        }
        const sdk::FlightDocument* after = flights.byFlid(flid);
        commit.events.push_back(
            {"schd", flid, after ? flightUpsertPayload(*after) : flightDeletePayload(flid)});
    }
    commit.references = referenceWrites(decision.references, "mailbox-" + std::to_string(record.mailboxId));
    return commit;
}

// docs/operations.md "A season of operation": a message sent before a flight of the history last
// changed is a resend of an older stretch; it must not bring the flight back with older content.
std::set<sdk::Flid> DecisionCommit::staleForHistory(const sdk::Decision& decision,
                                                    const StoreFlightView& flights,
                                                    std::optional<storage::Timestamp> sentAt) {
    std::set<sdk::Flid> stale;
    if (!sentAt) {
        return stale;
    }
    for (const auto& change : decision.flights) {
        if (const auto changed = flights.lastChangeInHistory(change.flid); changed && *sentAt < *changed) {
            stale.insert(change.flid);
        }
    }
    return stale;
}

storage::ProcessingCommit DecisionCommit::ignored(const storage::ProcessingRecord& record,
                                                  const std::string& pattern, storage::Timestamp now) const {
    storage::ProcessingCommit commit =
        base(record, std::nullopt, storage::ProcessingState::Skipped, Backfill::Skipped, now);
    commit.outcome.note = "ignored:" + pattern;
    return commit;
}

storage::ProcessingCommit DecisionCommit::duplicateOf(const storage::ProcessingRecord& record,
                                                      storage::MailboxId holder,
                                                      storage::Timestamp now) const {
    storage::ProcessingCommit commit =
        base(record, std::nullopt, storage::ProcessingState::Skipped, Backfill::Duplicate, now);
    commit.outcome.note = "duplicate-of:" + std::to_string(holder);
    return commit;
}

storage::ProcessingCommit DecisionCommit::dead(const storage::ProcessingRecord& record, ErrorClass errorClass,
                                               const std::string& lastError, std::optional<std::string> note,
                                               storage::Timestamp now) const {
    storage::ProcessingCommit commit =
        base(record, std::nullopt, storage::ProcessingState::Dead, Backfill::Dead, now);
    commit.outcome.errorClass = errorClass;
    commit.outcome.lastError = lastError;
    commit.outcome.note = std::move(note);
    return commit;
}

std::optional<std::string> identityKeyOf(const codec::Meta& meta) {
    if (!meta.sequence || meta.sequence->empty()) {
        return std::nullopt;
    }
    return meta.sender.value_or("") + "|" + meta.type + "|" + meta.subtype + "|" + *meta.sequence;
}

std::optional<std::string> identityKeyOf(const codec::Meta& meta, const std::string& businessDay) {
    auto key = identityKeyOf(meta);
    if (key) {
        *key += "|" + businessDay;
    }
    return key;
}

std::optional<std::string> DecisionCommit::valueTooLong(const storage::ProcessingCommit& commit) {
    const auto check = [](const std::string& value, std::size_t limit,
                          const char* column) -> std::optional<std::string> {
        if (value.size() <= limit) {
            return std::nullopt;
        }
        return std::string("the decision writes ") + column + " '" + value.substr(0, 40) +
               (value.size() > 40 ? "..." : "") + "' (" + std::to_string(value.size()) +
               " bytes), more than the " + std::to_string(limit) + " the store keeps";
    };
    for (const auto& flight : commit.flights) {
        for (const auto& list : flight.lists) {
            if (auto problem =
                    check(list.name, storage::kDetailListNameMaxBytes, "FLIGHT_DETAIL.LIST_NAME")) {
                return problem;
            }
        }
    }
    for (const auto& change : commit.references) {
        for (auto problem :
             {check(change.rtype, storage::kReferenceTypeMaxBytes, "REF_MASTER.RTYPE"),
              check(change.rkey, storage::kReferenceKeyMaxBytes, "REF_MASTER.RKEY"),
              check(change.source, storage::kReferenceSourceMaxBytes, "REF_MASTER.SOURCE"),
              check(change.batchId.value_or(""), storage::kReferenceBatchMaxBytes, "REF_MASTER.BATCH_ID")}) {
            if (problem) {
                return problem;
            }
        }
    }
    return std::nullopt;
}

} // namespace msgx::pipeline
