#include "msgx/sdk/FlopRecords.h"

#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/FlightDiff.h"

#include <map>
#include <optional>
#include <vector>

namespace msgx::sdk {

namespace {

constexpr FieldSpec kFlid{"FLID", "flid", FieldType::Long, 0, true};

// The working state of the flights a message touches: each starts as stored and receives the edits
// of the records in order.
class TouchedFlights {
public:
    explicit TouchedFlights(const FlightView& view) : view_(view) {}

    FlightDocument& working(const FlightDocument& stored) {
        auto found = working_.find(stored.flid());
        if (found == working_.end()) {
            order_.push_back(stored.flid());
            found = working_.emplace(stored.flid(), stored).first;
        }
        return found->second;
    }

    void addChangesTo(Decision& decision) const {
        for (Flid flid : order_) {
            const FlightDocument* stored = view_.byFlid(flid);
            if (auto change = diffFlight(*stored, working_.at(flid))) {
                decision.events.push_back(eventFor(*change, "flight-update"));
                decision.flights.push_back(std::move(*change));
            }
        }
    }

private:
    const FlightView& view_;
    std::map<Flid, FlightDocument> working_;
    std::vector<Flid> order_;
};

Decision decisionFor(const Problem& problem) {
    switch (problem.kind) {
    case Problem::Kind::CodecError:
        return Decision::fail(ErrorClass::CodecError, problem.why);
    case Problem::Kind::Infra:
        return Decision::fail(ErrorClass::Infra, problem.why);
    case Problem::Kind::Reject:
        return Decision::skip("rejected:" + problem.why);
    }
    return Decision::skip("rejected:" + problem.why);
}

int severity(Problem::Kind kind) {
    switch (kind) {
    case Problem::Kind::CodecError:
        return 3;
    case Problem::Kind::Infra:
        return 2;
    case Problem::Kind::Reject:
        return 1;
    }
    return 0;
}

} // namespace

Decision decideFlopRecords(const HandlerContext& context, const FlightView& flights,
                           const codec::Message& message, const FlopRecordRule& rule) {
    const std::vector<const codec::Element*> records = message.root().children("FLOP");
    if (records.empty()) {
        return Decision::skip("rejected:no FLOP record");
    }
    const bool several = records.size() > 1;
    const auto prefix = [several](std::size_t index) {
        return several ? "record " + std::to_string(index + 1) + ": " : std::string();
    };

    TouchedFlights touched(flights);
    std::vector<std::string> notes;
    std::optional<Problem> worst;
    const auto note = [&worst](Problem problem) {
        if (!worst || severity(problem.kind) > severity(worst->kind)) {
            worst = std::move(problem);
        }
    };

    for (std::size_t i = 0; i < records.size(); ++i) {
        const codec::Element& record = *records[i];
        const FieldRead flidRead = readField(record, kFlid, context.businessZone);
        if (auto problem = problemOf(flidRead, kFlid)) {
            note(problem->within(prefix(i)));
            continue;
        }
        const Flid flid = std::get<std::int64_t>(flidRead.value);
        const FlightDocument* flight = flights.byFlid(flid);
        if (flight == nullptr) {
            notes.push_back(prefix(i) + "unknown-flight");
            continue;
        }
        Checked<FlightEdit> edit = rule(record, context);
        if (!edit.ok()) {
            note(edit.problem().within(prefix(i)));
            continue;
        }
        edit.value()(touched.working(*flight));
        for (const FlightDocument* shared : flights.sharedFlightsOf(flid)) {
            edit.value()(touched.working(*shared));
        }
    }

    if (worst) {
        return decisionFor(*worst);
    }
    Decision decision = Decision::apply();
    decision.notes = std::move(notes);
    touched.addChangesTo(decision);
    return decision;
}

} // namespace msgx::sdk
