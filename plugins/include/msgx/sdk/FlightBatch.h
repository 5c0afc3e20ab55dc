#pragma once

#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightDocument.h"
#include "msgx/sdk/FlightView.h"

#include <map>
#include <optional>
#include <string_view>
#include <vector>

namespace msgx::sdk {

// How the changes of a batch are announced (architecture.md §6, §11): the `msg` event type of a
// created or updated flight ("flight-update" for FLOP, "flight-upsert" for SCHD) and whether those
// flights also get the `schd` push of their document. A deleted flight always gets a
// "flight-delete" event and a `schd` push (a tombstone), whichever message deleted it, so no
// consumer keeps a flight the store no longer has.
struct ChangeAnnouncement {
    std::string_view updateEvent;
    bool pushSchedule = false;
};
inline constexpr ChangeAnnouncement kFlopAnnouncement{"flight-update", false};
inline constexpr ChangeAnnouncement kScheduleAnnouncement{"flight-upsert", true};

// The flights one message changes, as one unit (architecture.md §5: a Decision is applied in one
// transaction): each flight starts as stored in the view and takes the message's changes in order,
// so a later record sees what an earlier one did. Lookups answer from that current state: a flight
// this batch deleted is unknown, one it created or re-linked is found.
class FlightBatch {
public:
    explicit FlightBatch(const FlightView& stored) : stored_(stored) {}

    // The flight as it is now; nullptr when it is unknown or this batch deleted it.
    [[nodiscard]] const FlightDocument* current(Flid flid) const;
    // The current flight to change in place; std::logic_error when current(flid) is nullptr.
    FlightDocument& edit(Flid flid);
    // Creates or replaces the flight `flight.flid()`.
    void put(FlightDocument flight);
    // Deletes flight `flid` with its lists; nothing when it is not current.
    void remove(Flid flid);

    // The current flights whose masterFlid is `master` / whose linkedFlid is `flid`, by FLID.
    [[nodiscard]] std::vector<const FlightDocument*> sharedFlightsOf(Flid master) const;
    [[nodiscard]] std::vector<const FlightDocument*> linkingTo(Flid flid) const;

    // One FlightChange per flight whose current state differs from the stored one, in the order the
    // batch first touched them: Create (not stored), Update (the diff) or Delete (stored, deleted);
    // with its `msg` event and `schd` push as `announcement` says. Nothing for a flight that ends
    // equal to its stored state, nor for one created and deleted by the same message.
    void addChangesTo(Decision& decision, const ChangeAnnouncement& announcement) const;

private:
    void touch(Flid flid);
    // The stored flights `lookUp` names that this batch has not touched, plus the touched current
    // flights whose integer attribute `attribute` is `value`; by FLID.
    [[nodiscard]] std::vector<const FlightDocument*>
    matching(const std::vector<const FlightDocument*>& stored, std::string_view attribute, Flid value) const;

    const FlightView& stored_;
    // Every touched flight's current state; std::nullopt once deleted.
    std::map<Flid, std::optional<FlightDocument>> working_;
    std::vector<Flid> order_;
};

} // namespace msgx::sdk
