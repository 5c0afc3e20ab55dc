// SCHD-ADFT: incremental flight data, complete FLTR records that create or fully update flights
// (schedule.md §3.6, architecture.md §11 "SCHD-ADFT / UPD / DEL"):
//  - all or nothing: any unparseable record fails the message FAILED(CODEC_ERROR), any unusable
//    record skips it "rejected:record <n>: <why>"; nothing is written then;
//  - an unknown FLID creates the flight; a stored one gets its schedule fields replaced, FLOP-only
//    values kept (ScheduleRecords.h); an equal record changes nothing and emits nothing;
//  - a shared flight inserted or re-linked recomputes its masters' codeShareFlightList (a changed
//    list is a change of the master); an unknown master gets nothing;
//  - each changed flight gets a "flight-upsert" msg event with its changed fields and a schd push.
// Past SODT values are applied (schedule.ignore-older-than is not implemented; it is off by default).
#include "msgx/sdk/Sdk.h"

#include <map>
#include <set>

namespace {

using namespace msgx::sdk;

// The flights of one message: stored state plus the records applied so far, in first-touch order.
class ScheduleBatch {
public:
    explicit ScheduleBatch(const FlightView& stored) : stored_(stored) {}

    [[nodiscard]] const FlightDocument* current(Flid flid) const {
        const auto found = working_.find(flid);
        return found != working_.end() ? &found->second : stored_.byFlid(flid);
    }

    void put(FlightDocument flight) {
        const Flid flid = flight.flid();
        if (working_.insert_or_assign(flid, std::move(flight)).second) {
            order_.push_back(flid);
        }
    }

    // The flights whose masterFlid is `master` as they are now.
    [[nodiscard]] std::vector<const FlightDocument*> sharedFlightsOf(Flid master) const {
        std::vector<const FlightDocument*> shared;
        for (const FlightDocument* flight : stored_.sharedFlightsOf(master)) {
            if (!working_.contains(flight->flid())) {
                shared.push_back(flight);
            }
        }
        for (const auto& [flid, flight] : working_) {
            if (flight.masterFlid() == master) {
                shared.push_back(&flight);
            }
        }
        return shared;
    }

    void addChangesTo(Decision& decision) const {
        for (Flid flid : order_) {
            const FlightDocument& after = working_.at(flid);
            const FlightDocument* before = stored_.byFlid(flid);
            std::optional<FlightChange> change =
                before == nullptr ? creationOf(after) : diffFlight(*before, after);
            if (!change) {
                continue;
            }
            decision.events.push_back(eventFor(*change, "flight-upsert"));
            decision.schdPush.push_back(flid);
            decision.flights.push_back(std::move(*change));
        }
    }

private:
    const FlightView& stored_;
    std::map<Flid, FlightDocument> working_;
    std::vector<Flid> order_;
};

class IncrementalScheduleHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView& flights,
                    const Message& message) const override {
        const Element* schedule = message.root().child("SCHD");
        if (schedule == nullptr) {
            return Decision::skip("rejected:no SCHD element");
        }
        const std::vector<const Element*> elements = schedule->children("FLTR");
        if (elements.empty()) {
            Decision empty = Decision::apply();
            empty.notes.push_back("no FLTR record");
            return empty;
        }
        const bool several = elements.size() > 1;
        const auto prefix = [several](std::size_t i) {
            return several ? "record " + std::to_string(i + 1) + ": " : std::string();
        };

        // 1. Read every record; the first codec error, else the first rejection, stops the message.
        std::vector<ScheduleRecord> records;
        std::optional<Problem> rejection;
        for (std::size_t i = 0; i < elements.size(); ++i) {
            Checked<ScheduleRecord> record = readScheduleRecord(*elements[i], context);
            if (!record.ok()) {
                if (record.problem().kind == Problem::Kind::CodecError) {
                    return Decision::fail(msgx::ErrorClass::CodecError, prefix(i) + record.problem().why);
                }
                if (!rejection) {
                    rejection = record.problem().within(prefix(i));
                }
                continue;
            }
            records.push_back(std::move(record.value()));
        }
        if (rejection) {
            return Decision::skip("rejected:" + rejection->why);
        }

        // 2. Apply them in order; note the masters whose code-share list may change.
        Decision decision = Decision::apply();
        ScheduleBatch batch(flights);
        std::set<Flid> masters;
        for (std::size_t i = 0; i < records.size(); ++i) {
            const FlightDocument* before = batch.current(records[i].flid);
            FlightDocument after = applyScheduleRecord(before, records[i]);
            const auto oldMaster = before != nullptr ? before->masterFlid() : std::nullopt;
            const bool numberChanged =
                before == nullptr || before->text(attr::kFlightNumber) != after.text(attr::kFlightNumber);
            if (oldMaster != after.masterFlid() || numberChanged) {
                for (const auto& master : {oldMaster, after.masterFlid()}) {
                    if (master) {
                        masters.insert(*master);
                    }
                }
            }
            for (const std::string& note : records[i].notes) {
                decision.notes.push_back(prefix(i) + note);
            }
            batch.put(std::move(after));
        }

        // 3. Code-share lists of the masters concerned that are known.
        for (Flid master : masters) {
            const FlightDocument* current = batch.current(master);
            if (current == nullptr) {
                continue;
            }
            FlightDocument updated = *current;
            updated.set(attr::kCodeShareFlightList,
                        codeShareFlightList(master, batch.sharedFlightsOf(master)));
            if (updated != *current) {
                batch.put(std::move(updated));
            }
        }
        batch.addChangesTo(decision);
        return decision;
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(IncrementalScheduleHandler, "schd-adft", "1.0.0", "SCHD-ADFT")
