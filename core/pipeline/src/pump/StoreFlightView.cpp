#include "msgx/pipeline/pump/StoreFlightView.h"

#include "msgx/pipeline/pump/FlightStoreMapping.h"

#include <algorithm>
#include <utility>

namespace msgx::pipeline {

StoreFlightView::StoreFlightView(storage::FlightRepository& flights, std::optional<HistoryWindow> history)
    : flights_(flights), history_(history) {}

void StoreFlightView::hold(sdk::Flid flid, std::optional<std::int64_t> version,
                           std::optional<sdk::FlightDocument> document) const {
    Entry entry;
    entry.version = version;
    if (document) {
        entry.document = std::make_unique<sdk::FlightDocument>(std::move(*document));
        unpacked_.push_back(flid);
    }
    index(flid, entry.document.get(), entry);
    entry.lastUsed = generation_;
    insert(flid, std::move(entry));
}

StoreFlightView::Entry& StoreFlightView::insert(sdk::Flid flid, Entry entry) const {
    for (const std::string_view attribute : {sdk::attr::kMasterFlid, sdk::attr::kLinkedFlid}) {
        if (answeredUnheld_.erase({attribute, flid}) > 0) {
            entry.answered |= answerBit(attribute);
        }
    }
    return entries_.emplace(flid, std::move(entry)).first->second;
}

std::uint8_t StoreFlightView::answerBit(std::string_view attribute) {
    return attribute == sdk::attr::kMasterFlid ? 1U : 2U;
}

bool StoreFlightView::isAnswered(std::string_view attribute, sdk::Flid value) const {
    if (const auto held = entries_.find(value); held != entries_.end()) {
        return (held->second.answered & answerBit(attribute)) != 0;
    }
    return answeredUnheld_.contains({attribute, value});
}

void StoreFlightView::markAnswered(std::string_view attribute, sdk::Flid value) const {
    if (const auto held = entries_.find(value); held != entries_.end()) {
        held->second.answered |= answerBit(attribute);
    } else {
        answeredUnheld_.emplace(attribute, value);
    }
}

void StoreFlightView::forgetAnswer(std::string_view attribute, sdk::Flid value) const {
    if (const auto held = entries_.find(value); held != entries_.end()) {
        held->second.answered &= static_cast<std::uint8_t>(~answerBit(attribute));
    } else {
        answeredUnheld_.erase({attribute, value});
    }
}

void StoreFlightView::remember(const storage::FlightRecord& record) const {
    if (entries_.contains(record.flid)) {
        return; // the view's own state (possibly changed by the batch) wins
    }
    holdStored(record,
               record.deleted ? std::vector<storage::DetailList>{} : flights_.detailLists(record.flid));
}

void StoreFlightView::holdStored(const storage::FlightRecord& record,
                                 const std::vector<storage::DetailList>& lists) const {
    if (entries_.contains(record.flid)) {
        return; // the view's own state wins, as in remember()
    }
    hold(record.flid, record.stateVersion,
         record.deleted ? std::nullopt : std::optional(documentFromStore(record, lists)));
    if (record.movedToHistoryAt) {
        Entry& held = entries_.at(record.flid);
        held.historyChangedAt = record.updatedAt;
        held.historyGroup.emplace(record.historyGroupFlid.value_or(record.flid), *record.movedToHistoryAt);
    }
}

void StoreFlightView::readHistory(const std::vector<sdk::Flid>& flids) const {
    if (!history_ || flids.empty()) {
        return;
    }
    const storage::Timestamp since =
        history_->clock->now() - std::chrono::duration_cast<Clock::duration>(history_->reviveWithin);
    for (const auto& [record, lists] : flights_.historyGroupsOf(flids, since)) {
        holdStored(record, lists);
    }
}

std::vector<sdk::Flid> StoreFlightView::takeRevived() {
    return std::exchange(revived_, {});
}

std::optional<storage::Timestamp> StoreFlightView::lastChangeInHistory(sdk::Flid flid) const {
    const auto found = entries_.find(flid);
    return found == entries_.end() ? std::nullopt : found->second.historyChangedAt;
}

void StoreFlightView::index(sdk::Flid flid, const sdk::FlightDocument* document, Entry& entry) const {
    if (document == nullptr) {
        return;
    }
    entry.master = document->integer(sdk::attr::kMasterFlid);
    entry.linked = document->integer(sdk::attr::kLinkedFlid);
    for (const auto& [attribute, value] :
         {std::pair(sdk::attr::kMasterFlid, entry.master), std::pair(sdk::attr::kLinkedFlid, entry.linked)}) {
        if (value) {
            candidates_[{attribute, *value}].insert(flid);
        }
    }
}

// A flight is forgotten with every answered look-up it belongs to: such an answer is no longer
// complete in the view, so the next look-up asks the store again. Listed under an older value (a
// re-link) it is not part of that answer, so that one stays. The answers for its own FLID go with
// its entry.
void StoreFlightView::forgetLeastUsed(std::size_t target) {
    std::vector<std::pair<std::uint64_t, sdk::Flid>> byUse;
    byUse.reserve(entries_.size());
    for (const auto& [flid, entry] : entries_) {
        byUse.emplace_back(entry.lastUsed, flid);
    }
    const std::size_t forget = entries_.size() - target;
    std::nth_element(byUse.begin(), byUse.begin() + static_cast<std::ptrdiff_t>(forget), byUse.end());
    for (std::size_t i = 0; i < forget; ++i) {
        const sdk::Flid flid = byUse[i].second;
        const auto found = entries_.find(flid);
        for (const auto& [attribute, value] : {std::pair(sdk::attr::kMasterFlid, found->second.master),
                                               std::pair(sdk::attr::kLinkedFlid, found->second.linked)}) {
            if (!value) {
                continue;
            }
            forgetAnswer(attribute, *value);
            if (const auto listed = candidates_.find({attribute, *value}); listed != candidates_.end()) {
                listed->second.erase(flid);
                if (listed->second.empty()) {
                    candidates_.erase(listed);
                }
            }
        }
        entries_.erase(found);
    }
}

const sdk::FlightDocument* StoreFlightView::documentOf(sdk::Flid flid, Entry& entry) const {
    if (!entry.document) {
        if (entry.packed.empty()) {
            return nullptr; // deleted or never stored
        }
        entry.document = std::make_unique<sdk::FlightDocument>(packer_.unpack(flid, entry.packed));
        unpacked_.push_back(flid);
    }
    return entry.document.get();
}

void StoreFlightView::pack(std::size_t keepAtMost) {
    for (const sdk::Flid flid : unpacked_) {
        const auto found = entries_.find(flid);
        if (found == entries_.end() || !found->second.document) {
            continue; // listed twice, or replaced by apply() and packed already
        }
        Entry& entry = found->second;
        if (entry.packed.empty()) {
            entry.packed = packer_.pack(*entry.document);
        }
        entry.document.reset();
    }
    unpacked_.clear();
    ++generation_;
    if (answeredUnheld_.size() > entries_.size()) {
        answeredUnheld_.clear(); // asked of the store again when needed
    }
    if (entries_.size() > keepAtMost) {
        forgetLeastUsed(keepAtMost / 4 * 3 + keepAtMost % 4 * 3 / 4);
    }
}

void StoreFlightView::prefetch(const std::vector<sdk::Flid>& flids) {
    // Each flight once (a batch names its hot flights many times, a snapshot thousands).
    const std::set<sdk::Flid> named(flids.begin(), flids.end());
    std::vector<storage::FlightId> missing;
    std::vector<storage::FlightId> unanswered;
    for (const sdk::Flid flid : named) {
        if (!entries_.contains(flid)) {
            missing.push_back(flid);
        }
        if (!isAnswered(sdk::attr::kMasterFlid, flid) || !isAnswered(sdk::attr::kLinkedFlid, flid)) {
            unanswered.push_back(flid);
        }
    }
    if (missing.empty() && unanswered.empty()) {
        return;
    }
    try {
        for (const auto& [record, lists] : flights_.byFlidsWithRelated(missing, unanswered)) {
            holdStored(record, lists);
        }
        std::vector<sdk::Flid> notLive;
        for (const storage::FlightId flid : missing) {
            if (!entries_.contains(flid)) {
                notLive.push_back(flid);
            }
        }
        readHistory(notLive);
        for (const storage::FlightId flid : missing) {
            if (!entries_.contains(flid)) {
                Entry notStored;
                notStored.lastUsed = generation_;
                insert(flid, std::move(notStored));
            }
        }
        // Every stored flight with that master or link is held now, so the view answers both
        // look-ups from memory (see matching()).
        for (const storage::FlightId flid : unanswered) {
            markAnswered(sdk::attr::kMasterFlid, flid);
            markAnswered(sdk::attr::kLinkedFlid, flid);
        }
    } catch (const storage::InfraError& e) {
        keepStoreFailure(e);
    }
}

StoreFlightView::Entry& StoreFlightView::entry(sdk::Flid flid) const {
    if (const auto found = entries_.find(flid); found != entries_.end()) {
        found->second.lastUsed = generation_;
        return found->second;
    }
    try {
        if (const auto record = flights_.byFlid(flid)) {
            remember(*record);
        } else if (readHistory({flid}); !entries_.contains(flid)) {
            Entry notStored;
            notStored.lastUsed = generation_;
            insert(flid, std::move(notStored));
        }
    } catch (const storage::InfraError& e) {
        keepStoreFailure(e);
        throw;
    }
    return entries_.at(flid);
}

const sdk::FlightDocument* StoreFlightView::byFlid(sdk::Flid flid) const {
    return documentOf(flid, entry(flid));
}

void StoreFlightView::keepStoreFailure(const storage::InfraError& e) const {
    if (!storeFailure_) {
        storeFailure_ = e;
    }
}

std::vector<const sdk::FlightDocument*> StoreFlightView::matching(std::string_view attribute, sdk::Flid value,
                                                                  StoredLookUp lookUp) const {
    if (!isAnswered(attribute, value)) {
        try {
            for (const auto& record : (flights_.*lookUp)(value)) {
                remember(record);
            }
        } catch (const storage::InfraError& e) {
            keepStoreFailure(e);
            throw;
        }
        markAnswered(attribute, value);
    }
    // The stored answer plus the flights the batch changed: the candidates filtered on the view's
    // documents, so a flight the batch re-linked or deleted drops out and one it linked comes in.
    // By FLID (set order).
    std::vector<const sdk::FlightDocument*> result;
    examined_ = 0;
    const auto found = candidates_.find({attribute, value});
    if (found == candidates_.end()) {
        return result;
    }
    for (const sdk::Flid flid : found->second) {
        ++examined_;
        const auto held = entries_.find(flid);
        if (held == entries_.end()) {
            continue;
        }
        held->second.lastUsed = generation_;
        if (const auto* document = documentOf(flid, held->second);
            document != nullptr && document->integer(attribute) == value) {
            result.push_back(document);
        }
    }
    return result;
}

std::vector<const sdk::FlightDocument*> StoreFlightView::sharedFlightsOf(sdk::Flid master) const {
    return matching(sdk::attr::kMasterFlid, master, &storage::FlightRepository::sharedFlightsOf);
}

std::vector<const sdk::FlightDocument*> StoreFlightView::linkingTo(sdk::Flid flid) const {
    return matching(sdk::attr::kLinkedFlid, flid, &storage::FlightRepository::linkingTo);
}

storage::FlightWrite StoreFlightView::apply(const sdk::FlightChange& change) {
    ++changesApplied_; // also when it throws below: the view may be half-changed then
    Entry& before = entry(change.flid);
    const sdk::FlightDocument* const beforeDocument = documentOf(change.flid, before);
    Entry after;
    after.version = before.version ? *before.version + 1 : 1;
    storage::FlightWrite write;
    switch (change.kind) {
    case sdk::FlightChange::Kind::Delete:
        write.kind = storage::FlightWrite::Kind::Delete;
        write.flid = change.flid;
        write.expectedVersion = before.version;
        if (!before.version) {
            after.version.reset(); // deleting a flight never stored changes nothing
        }
        break;
    case sdk::FlightChange::Kind::Create:
    case sdk::FlightChange::Kind::Update: {
        const sdk::FlightDocument* base = nullptr;
        if (change.kind == sdk::FlightChange::Kind::Update) {
            if (beforeDocument == nullptr) {
                throw DecisionNotApplicable("the decision updates flight " + std::to_string(change.flid) +
                                            ", which is unknown");
            }
            base = beforeDocument;
        }
        after.document = std::make_unique<sdk::FlightDocument>(sdk::applyFlightChange(base, change));
        // Create replaces the whole flight: every list it had or has now is written.
        std::vector<std::string> listNames;
        if (change.kind == sdk::FlightChange::Kind::Create) {
            if (beforeDocument != nullptr) {
                for (const auto& [name, entries] : beforeDocument->lists()) {
                    listNames.push_back(name);
                }
            }
            for (const auto& [name, entries] : after.document->lists()) {
                if (std::find(listNames.begin(), listNames.end(), name) == listNames.end()) {
                    listNames.push_back(name);
                }
            }
        } else {
            for (const auto& [name, entries] : change.lists) {
                listNames.push_back(name);
            }
        }
        write = upsertOf(*after.document, before.version, listNames);
        break;
    }
    }
    if (before.historyGroup) {
        // The commit brings the group back: its other members are live flights from now on.
        write.revives = true;
        const auto group = *before.historyGroup;
        for (auto& [flid, held] : entries_) {
            if (held.historyGroup == group) {
                held.historyChangedAt.reset();
                held.historyGroup.reset();
                revived_.push_back(flid);
            }
        }
    }
    index(change.flid, after.document.get(), after);
    after.lastUsed = generation_;
    after.answered = before.answered; // the change went through the view: its answers stay complete
    if (after.document) {
        unpacked_.push_back(change.flid);
    }
    entries_[change.flid] = std::move(after);
    return write;
}

void StoreFlightView::throwStoreFailure() const {
    if (storeFailure_) {
        throw *storeFailure_;
    }
}

void StoreFlightView::reset() {
    entries_.clear();
    revived_.clear();
    unpacked_.clear();
    answeredUnheld_.clear();
    candidates_.clear();
    storeFailure_.reset();
}

} // namespace msgx::pipeline
