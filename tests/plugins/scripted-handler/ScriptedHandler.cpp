// The scripted test handler: a plugin whose decision is spelled out by the message itself, for the
// pump's tests and the end-to-end tests (never shipped: it is built into the test plugins
// directory, not into the handlers directory). Keys and what they do:
//
//   TEST-SET   FLID, NAME, VALUE[, LIST]: creates the flight when it is unknown and sets attribute
//              NAME to the text VALUE (an empty VALUE clears it); with LIST, replaces list LIST with
//              one entry {NAME: VALUE} instead. One `msg` event "flight-update" with the change and
//              a `schd` push of the flight. An equal value is a no-op: no change, no event.
//              VALUE "{now}" stands for HandlerContext.now (formatUtc). With OUTB (TYPE-STYP, e.g.
//              RQRD-ABDG) the decision also carries that outbound request.
//   TEST-DEL   FLID: deletes the flight (`msg` "flight-delete" and a `schd` push); an unknown flight
//              is a no-op with the note "unknown-flight".
//   TEST-THRW  [TEXT]: throws std::runtime_error("scripted exception: <TEXT>").
//   TEST-FAIL  CLASS[, TEXT]: Decision::fail with the error class named in CLASS (MALFORMED,
//              CODEC_ERROR, UNSUPPORTED, INFRA, EXHAUSTED) and the reason TEXT (default
//              "scripted failure").
//   TEST-SKIP  [TEXT]: Decision::skip("scripted:<TEXT>") (default "scripted:skip").
//
// The fields are children of a TEST element:
//
//   <MSG>
//     <META>
//       <SNDR>TEST</SNDR><SEQN>1001</SEQN><DTTM>20240318150000</DTTM>
//       <TYPE>TEST</TYPE><STYP>SET</STYP>
//     </META>
//     <TEST><FLID>500001</FLID><NAME>currentStand</NAME><VALUE>107</VALUE></TEST>
//   </MSG>
#include "msgx/sdk/Sdk.h"

#include <stdexcept>
#include <string>

namespace {

using namespace msgx;

std::string field(const codec::Message& message, std::string_view name, std::string fallback = {}) {
    const codec::Element* test = message.root().child("TEST");
    if (test == nullptr) {
        return fallback;
    }
    const auto text = test->childText(name);
    return text ? std::string(*text) : fallback;
}

std::optional<sdk::Flid> flidOf(const codec::Message& message) {
    const std::string text = field(message, "FLID");
    try {
        std::size_t used = 0;
        const long long flid = std::stoll(text, &used);
        return used == text.size() ? std::optional<sdk::Flid>(flid) : std::nullopt;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

sdk::Decision set(const sdk::HandlerContext& context, const sdk::FlightView& flights,
                  const codec::Message& message, sdk::Flid flid) {
    const std::string name = field(message, "NAME");
    if (name.empty()) {
        return sdk::Decision::skip("rejected:NAME cannot be empty");
    }
    std::string value = field(message, "VALUE");
    if (value == "{now}") {
        value = sdk::formatUtc(context.now);
    }
    const std::string list = field(message, "LIST");
    const sdk::FlightDocument* before = flights.byFlid(flid);

    sdk::FlightChange change;
    change.kind = before == nullptr ? sdk::FlightChange::Kind::Create : sdk::FlightChange::Kind::Update;
    change.flid = flid;
    sdk::MsgEvent event{"flight-update", flid, {}, {}};
    if (!list.empty()) {
        sdk::DetailList entries;
        if (!value.empty()) {
            entries.push_back({{name, value}});
        }
        if (before != nullptr && before->list(list) == entries) {
            return sdk::Decision::apply();
        }
        change.lists[list] = entries;
        event.lists[list] = entries;
    } else {
        const sdk::Value newValue = value.empty() ? sdk::Value{} : sdk::Value{value};
        const sdk::Value* old = before == nullptr ? nullptr : before->attribute(name);
        if (before != nullptr && (old == nullptr ? sdk::isNull(newValue) : *old == newValue)) {
            return sdk::Decision::apply();
        }
        change.set[name] = newValue;
        event.fields[name] = newValue;
    }
    sdk::Decision decision = sdk::Decision::apply();
    decision.flights.push_back(std::move(change));
    decision.events.push_back(std::move(event));
    decision.schdPush.push_back(flid);
    if (const std::string outbound = field(message, "OUTB"); !outbound.empty()) {
        const auto dash = outbound.find('-');
        decision.outbound.push_back(
            {outbound.substr(0, dash), dash == std::string::npos ? "" : outbound.substr(dash + 1), {}});
    }
    return decision;
}

sdk::Decision remove(const sdk::FlightView& flights, sdk::Flid flid) {
    sdk::Decision decision = sdk::Decision::apply();
    if (flights.byFlid(flid) == nullptr) {
        decision.notes.push_back("unknown-flight");
        return decision;
    }
    decision.flights.push_back({sdk::FlightChange::Kind::Delete, flid, {}, {}});
    decision.events.push_back({"flight-delete", flid, {}, {}});
    decision.schdPush.push_back(flid);
    return decision;
}

class ScriptedHandler final : public sdk::Handler {
public:
    sdk::Decision decide(const sdk::HandlerContext& context, const sdk::FlightView& flights,
                         const codec::Message& message) const override {
        const std::string& styp = message.meta().subtype;
        if (styp == "THRW") {
            throw std::runtime_error("scripted exception: " + field(message, "TEXT"));
        }
        if (styp == "FAIL") {
            const std::string name = field(message, "CLASS");
            const auto errorClass = errorClassFromName(name);
            if (!errorClass) {
                return sdk::Decision::skip("rejected:unknown CLASS '" + name + "'");
            }
            return sdk::Decision::fail(*errorClass, field(message, "TEXT", "scripted failure"));
        }
        if (styp == "SKIP") {
            return sdk::Decision::skip("scripted:" + field(message, "TEXT", "skip"));
        }
        const auto flid = flidOf(message);
        if (!flid) {
            return sdk::Decision::skip("rejected:FLID must be a number");
        }
        return styp == "DEL" ? remove(flights, *flid) : set(context, flights, message, *flid);
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(ScriptedHandler, "test-scripted", "1.0.0", "TEST-SET", "TEST-DEL", "TEST-THRW",
                    "TEST-FAIL", "TEST-SKIP")
