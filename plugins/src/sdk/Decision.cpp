#include "msgx/sdk/Decision.h"

#include "msgx/sdk/Checked.h"

#include <utility>

namespace msgx::sdk {

Decision Decision::skip(std::string reason) {
    Decision decision;
    decision.outcome = Outcome::Skip;
    decision.reason = std::move(reason);
    return decision;
}

Decision Decision::fail(ErrorClass errorClass, std::string reason) {
    Decision decision;
    decision.outcome = Outcome::Fail;
    decision.errorClass = errorClass;
    decision.reason = std::move(reason);
    return decision;
}

Decision decisionFor(const Problem& problem) {
    switch (problem.kind) {
    case Problem::Kind::CodecError:
        return Decision::fail(ErrorClass::CodecError, problem.why);
    case Problem::Kind::Infra:
        return Decision::fail(ErrorClass::Infra, problem.why);
    case Problem::Kind::Reject:
        break;
    }
    return Decision::skip("rejected:" + problem.why);
}

bool Decision::changesNothing() const {
    return flights.empty() && events.empty() && schdPush.empty() && references.empty() && outbound.empty();
}

std::string_view outcomeName(Decision::Outcome outcome) {
    switch (outcome) {
    case Decision::Outcome::Apply:
        return "apply";
    case Decision::Outcome::Skip:
        return "skip";
    case Decision::Outcome::Fail:
        return "fail";
    }
    return "?";
}

FlightDocument applyFlightChange(const FlightDocument* before, const FlightChange& change) {
    FlightDocument after = (before != nullptr && change.kind != FlightChange::Kind::Create)
                               ? *before
                               : FlightDocument(change.flid);
    for (const auto& [name, value] : change.set) {
        after.set(name, value);
    }
    for (const auto& [name, entries] : change.lists) {
        after.setList(name, entries);
    }
    return after;
}

} // namespace msgx::sdk
