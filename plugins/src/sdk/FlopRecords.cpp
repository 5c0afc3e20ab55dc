#include "msgx/sdk/FlopRecords.h"

#include "msgx/sdk/FieldSpec.h"

#include <map>
#include <optional>
#include <vector>

namespace msgx::sdk {

namespace {

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

Decision decideEachFlopRecord(const HandlerContext& context, const FlightView& flights,
                              const codec::Message& message, const FlopRecordStep& step) {
    const std::vector<const codec::Element*> records = message.root().children("FLOP");
    if (records.empty()) {
        return Decision::skip("rejected:no FLOP record");
    }
    const bool several = records.size() > 1;
    const auto prefix = [several](std::size_t index) {
        return several ? "record " + std::to_string(index + 1) + ": " : std::string();
    };

    FlightBatch batch(flights);
    std::vector<std::string> notes;
    std::optional<Problem> worst;
    const auto note = [&worst](Problem problem) {
        if (!worst || severity(problem.kind) > severity(worst->kind)) {
            worst = std::move(problem);
        }
    };

    for (std::size_t i = 0; i < records.size(); ++i) {
        const codec::Element& record = *records[i];
        const FieldRead flidRead = readField(record, kFlidField, context.businessZone);
        if (auto problem = problemOf(flidRead, kFlidField)) {
            note(problem->within(prefix(i)));
            continue;
        }
        const Flid flid = std::get<std::int64_t>(flidRead.value);
        if (batch.current(flid) == nullptr) {
            notes.push_back(prefix(i) + "unknown-flight");
            continue;
        }
        if (auto problem = step(record, flid, batch)) {
            note(problem->within(prefix(i)));
        }
    }

    if (worst) {
        return decisionFor(*worst);
    }
    Decision decision = Decision::apply();
    decision.notes = std::move(notes);
    batch.addChangesTo(decision, kFlopAnnouncement);
    return decision;
}

Decision decideFlopRecords(const HandlerContext& context, const FlightView& flights,
                           const codec::Message& message, const FlopRecordRule& rule) {
    const FlopRecordStep step = [&](const codec::Element& record, Flid flid,
                                    FlightBatch& batch) -> std::optional<Problem> {
        Checked<FlightEdit> edit = rule(record, context);
        if (!edit.ok()) {
            return edit.problem();
        }
        edit.value()(batch.edit(flid));
        std::vector<Flid> shared;
        for (const FlightDocument* flight : batch.sharedFlightsOf(flid)) {
            shared.push_back(flight->flid());
        }
        for (const Flid sharedFlid : shared) {
            edit.value()(batch.edit(sharedFlid));
        }
        return std::nullopt;
    };
    return decideEachFlopRecord(context, flights, message, step);
}

} // namespace msgx::sdk
