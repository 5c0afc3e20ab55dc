#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/pipeline/pump/PackedDocuments.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightView.h"
#include "msgx/storage/FlightRepository.h"
#include "msgx/storage/InfraError.h"

#include <chrono>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace msgx::pipeline {

// A decision cannot be turned into writes (a handler bug, e.g. an update of an unknown flight):
// the message is FAILED(INFRA) with this text.
class DecisionNotApplicable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The flights a handler sees while the pump decides one batch: the stored flights
// (storage::FlightRepository, read lazily) with, on top, the changes the earlier messages of the
// batch decided but have not committed yet. A later message of the batch sees the earlier ones'
// changes, and the write apply() returns expects the version those changes produce (every write
// adds one to STATE_VERSION, as the store does).
//
// The store is read only through this view while a handler runs; a store failure there would reach
// the handler as an exception and be reported as the handler's. So the view remembers the first
// InfraError and throwStoreFailure() lets the pump raise it after decide() returns: a store failure
// is never recorded on a message.
//
// Between batches the pump keeps the view when the whole batch was committed: its state is then
// exactly the store's (the pump is the only writer of flights, architecture.md §9), so hot flights
// are not read again. After anything else (a failure, a refused commit, a store failure) it calls
// reset(), and the next batch reads the store again. Should another writer change a flight anyway,
// the version a write expects no longer matches, the commit is refused and the message is decided
// again from the store.
//
// The same premise lets the view answer sharedFlightsOf/linkingTo from memory after it asked the
// store once for that master or flight: every flight stored with that value is then in the view,
// and every later change to it went through apply(). reset() forgets those answers too. That a
// value was answered is a flag of the flight with that FLID while the view holds it (two bits of
// its entry, not a node of a set: 20,000 flights asked both ways held 2.2 MB of nodes), so an
// answer goes when its flight is forgotten and never outlives the flights held.
//
// Between batches the kept flights are held packed (PackedDocuments, a fifth of a document's
// memory): pack(), which the pump calls before it decides the next batch, packs every document read
// or changed since the last pack(), and a flight is unpacked again when a handler asks for it. A
// document pointer the view returned is valid until the next pack() or reset() (or apply() of that
// flight), so never past the batch it was returned in.
//
// A flight FLIGHT does not hold is looked for in the flight history (when a HistoryWindow is given):
// its latest group moved there within flights.revive-within is held as stored flights are, so a
// handler sees it as it was, with its code-shares and partner; a change of one (apply()) makes the
// write bring the group back (storage::FlightWrite::revives), and the group's other members are then
// held as live flights. A flight moved there earlier is unknown to the view.
//
// One thread (the pump's).
class StoreFlightView final : public sdk::FlightView {
public:
    // Where the view looks for flights FLIGHT does not hold: groups moved to the history since
    // clock.now() - reviveWithin.
    struct HistoryWindow {
        const Clock* clock = nullptr;
        std::chrono::milliseconds reviveWithin{0};
    };

    explicit StoreFlightView(storage::FlightRepository& flights,
                             std::optional<HistoryWindow> history = std::nullopt);

    [[nodiscard]] const sdk::FlightDocument* byFlid(sdk::Flid flid) const override;
    [[nodiscard]] std::vector<const sdk::FlightDocument*> sharedFlightsOf(sdk::Flid master) const override;
    [[nodiscard]] std::vector<const sdk::FlightDocument*> linkingTo(sdk::Flid flid) const override;

    // Applies one change of a decision on top of the view and returns the FlightWrite for the
    // commit. Throws DecisionNotApplicable for an Update of a flight the view does not know.
    storage::FlightWrite apply(const sdk::FlightChange& change);

    // Reads the flights of `flids` the view does not hold yet, and the shared and linked flights of
    // each whose look-ups (sharedFlightsOf, linkingTo) the view cannot answer yet, in one transaction
    // (FlightRepository::byFlidsWithRelated): the pump calls it with every flight a batch's messages
    // name, so that the handlers do not read them, and their relations, one transaction at a time.
    // Only a cache fill: what the view answers is the same with or without it. A store failure is
    // kept like any other read's.
    void prefetch(const std::vector<sdk::Flid>& flids);
    // Rethrows the first store failure met since the last reset(), if any.
    void throwStoreFailure() const;

    // Packs the documents read or changed since the last pack() (see above); then, when the view
    // holds more than `keepAtMost` flights, forgets the least recently used ones down to three
    // quarters of it, with every look-up answer they were part of (asked of the store again when
    // needed). What the view answers is the same with or without it.
    void pack(std::size_t keepAtMost = std::numeric_limits<std::size_t>::max());

    // Forgets everything: the next reads go to the store.
    void reset();

    // When the view holds `flid` as a flight of the history that no change brought back yet: the
    // time of its last change (FLIGHT.UPDATED_AT when it moved). nullopt otherwise.
    [[nodiscard]] std::optional<storage::Timestamp> lastChangeInHistory(sdk::Flid flid) const;

    // The flights apply() brought back from the history since the last call (every member of each
    // group a change revived, by FLID within a group), and forgets them: the caller publishes them.
    std::vector<sdk::Flid> takeRevived();

    // How many changes apply() took since construction: unchanged across a decision means the view
    // still equals the store after it (a message that failed before its changes were applied).
    [[nodiscard]] std::uint64_t changesApplied() const { return changesApplied_; }

    // Number of flights the view holds (read or changed).
    [[nodiscard]] std::size_t size() const { return entries_.size(); }

    // How many held flights the last sharedFlightsOf/linkingTo examined: the candidates of its
    // (attribute, value), never every flight held (the view keeps up to 40,000 between batches and
    // the FLOP handlers ask twice per message). For tests of that bound.
    [[nodiscard]] std::size_t examinedByLastLookUp() const { return examined_; }

private:
    struct Entry {
        std::optional<std::int64_t> version; // STATE_VERSION; nullopt: no FLIGHT row
        // The flight exists (not deleted, stored or created) when it has a document, unpacked or
        // packed. `document`: read, changed or asked for since the last pack(); `packed`: written by
        // pack(), never empty then, and cleared with the entry by apply(), so a non-empty one is
        // always the current document.
        std::unique_ptr<sdk::FlightDocument> document;
        std::string packed;
        // The look-up values of the document (masterFlid, linkedFlid), for forgetting the flight.
        std::optional<sdk::Flid> master;
        std::optional<sdk::Flid> linked;
        std::uint64_t lastUsed = 0; // the pack() generation in which the flight was last asked for
        // The look-ups answered by the store for this FLID as their value (answerBit()).
        std::uint8_t answered = 0;
        // Held from the history (FlightRecord::movedToHistoryAt) and not brought back yet: its
        // last change, and its group (GROUP_FLID, ARCHIVED_AT).
        std::optional<storage::Timestamp> historyChangedAt;
        std::optional<std::pair<storage::FlightId, storage::Timestamp>> historyGroup;
    };

    Entry& entry(sdk::Flid flid) const;
    // Adds `entry` for a flight the view does not hold yet, with the answers recorded for its FLID
    // while it was not held.
    Entry& insert(sdk::Flid flid, Entry entry) const;
    static std::uint8_t answerBit(std::string_view attribute);
    [[nodiscard]] bool isAnswered(std::string_view attribute, sdk::Flid value) const;
    void markAnswered(std::string_view attribute, sdk::Flid value) const;
    void forgetAnswer(std::string_view attribute, sdk::Flid value) const;
    // The document of `entry` (unpacked if it was packed), nullptr when the flight does not exist.
    const sdk::FlightDocument* documentOf(sdk::Flid flid, Entry& entry) const;
    // Adds a flight the store holds; `document` is its document unless it is deleted.
    void hold(sdk::Flid flid, std::optional<std::int64_t> version,
              std::optional<sdk::FlightDocument> document) const;
    void remember(const storage::FlightRecord& record) const;
    // Holds `record` (with `lists`) unless the view holds its flight already.
    void holdStored(const storage::FlightRecord& record, const std::vector<storage::DetailList>& lists) const;
    // Holds the history groups of those of `flids` the view does not hold (none without a window).
    void readHistory(const std::vector<sdk::Flid>& flids) const;
    using StoredLookUp = std::vector<storage::FlightRecord> (storage::FlightRepository::*)(storage::FlightId);
    // The flights whose `attribute` is `value`: asked of the store (lookUp) the first time since
    // reset(), from the view afterwards.
    std::vector<const sdk::FlightDocument*> matching(std::string_view attribute, sdk::Flid value,
                                                     StoredLookUp lookUp) const;
    void keepStoreFailure(const storage::InfraError& e) const;
    // Records `flid` as a candidate of the look-ups its document answers (masterFlid, linkedFlid),
    // and those values in `entry`.
    void index(sdk::Flid flid, const sdk::FlightDocument* document, Entry& entry) const;
    // Forgets the least recently used flights down to `target`.
    void forgetLeastUsed(std::size_t target);

    storage::FlightRepository& flights_;
    std::optional<HistoryWindow> history_;
    std::uint64_t changesApplied_ = 0;
    std::vector<sdk::Flid> revived_; // takeRevived()
    mutable std::map<sdk::Flid, Entry> entries_;
    mutable std::optional<storage::InfraError> storeFailure_;
    // The (attribute, value) look-ups answered by the store whose value the view did not hold then
    // (rare: the FLOP handlers ask about the flight they address). Moved into the entry when that
    // flight comes in; dropped by pack() when it outgrows the flights held.
    mutable std::set<std::pair<std::string_view, sdk::Flid>> answeredUnheld_;
    // Per (attribute, value): every held flight whose document had that value when the view took
    // or changed it, by FLID. A superset of the current answer (a flight re-linked or deleted since
    // stays listed); matching() checks each candidate's document, so only these are examined.
    mutable std::map<std::pair<std::string_view, sdk::Flid>, std::set<sdk::Flid>> candidates_;
    mutable std::size_t examined_ = 0;
    // The flights whose document was unpacked since the last pack().
    mutable std::vector<sdk::Flid> unpacked_;
    mutable PackedDocuments packer_;
    std::uint64_t generation_ = 0; // pack() calls so far
};

} // namespace msgx::pipeline
