#include "msgx/golden/OfflineDecision.h"

#include "msgx/codec/ErrorClass.h"
#include "msgx/model/DocumentJson.h"
#include "msgx/sdk/UtcTime.h"

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace msgx::golden {

namespace {

std::string_view changeName(sdk::FlightChange::Kind kind) {
    switch (kind) {
    case sdk::FlightChange::Kind::Create:
        return "create";
    case sdk::FlightChange::Kind::Update:
        return "update";
    case sdk::FlightChange::Kind::Delete:
        return "delete";
    }
    return "?";
}

std::string_view referenceChangeName(sdk::ReferenceChange::Kind kind) {
    switch (kind) {
    case sdk::ReferenceChange::Kind::Upsert:
        return "upsert";
    case sdk::ReferenceChange::Kind::Delete:
        return "delete";
    case sdk::ReferenceChange::Kind::ReplaceClass:
        return "replace-class";
    }
    return "?";
}

json::JsonValue listsToJson(const std::map<std::string, sdk::DetailList, std::less<>>& lists) {
    json::JsonValue object = json::JsonValue::object();
    for (const auto& [name, entries] : lists) {
        object.set(name, model::listToJson(entries));
    }
    return object;
}

json::JsonValue textList(const std::vector<std::string>& items) {
    json::JsonValue array = json::JsonValue::array();
    for (const auto& item : items) {
        array.push(json::JsonValue::string(item));
    }
    return array;
}

json::JsonValue flightsToJson(const sdk::Decision& decision, const sdk::FlightView& before) {
    // The document after each change, starting from the stored state, in the decision's order.
    std::map<sdk::Flid, std::optional<sdk::FlightDocument>> current;
    json::JsonValue flights = json::JsonValue::array();
    for (const sdk::FlightChange& change : decision.flights) {
        auto state = current.find(change.flid);
        if (state == current.end()) {
            const sdk::FlightDocument* stored = before.byFlid(change.flid);
            state = current.emplace(change.flid, stored ? std::optional(*stored) : std::nullopt).first;
        }
        json::JsonValue entry = json::JsonValue::object();
        entry.set("change", json::JsonValue::string(std::string(changeName(change.kind))));
        entry.set("flid", json::JsonValue::integer(change.flid));
        if (change.kind == sdk::FlightChange::Kind::Delete) {
            state->second.reset();
        } else {
            if (change.kind == sdk::FlightChange::Kind::Update) {
                entry.set("set", model::fieldsToJson(change.set));
                entry.set("lists", listsToJson(change.lists));
            }
            state->second = sdk::applyFlightChange(state->second ? &*state->second : nullptr, change);
            entry.set("document", model::flightDocumentToJson(*state->second));
        }
        flights.push(std::move(entry));
    }
    return flights;
}

json::JsonValue eventsToJson(const std::vector<sdk::MsgEvent>& events) {
    json::JsonValue array = json::JsonValue::array();
    for (const auto& event : events) {
        json::JsonValue entry = json::JsonValue::object();
        entry.set("type", json::JsonValue::string(event.type));
        entry.set("flid", json::JsonValue::integer(event.flid));
        json::JsonValue fields = model::fieldsToJson(event.fields);
        for (const auto& [name, list] : event.lists) {
            fields.set(name, model::listToJson(list));
        }
        entry.set("fields", std::move(fields));
        array.push(std::move(entry));
    }
    return array;
}

json::JsonValue referencesToJson(const std::vector<sdk::ReferenceChange>& changes) {
    json::JsonValue array = json::JsonValue::array();
    for (const auto& change : changes) {
        json::JsonValue entry = json::JsonValue::object();
        entry.set("change", json::JsonValue::string(std::string(referenceChangeName(change.kind))));
        entry.set("rtype", json::JsonValue::string(change.rtype));
        switch (change.kind) {
        case sdk::ReferenceChange::Kind::Upsert:
            entry.set("rkey", json::JsonValue::string(change.rkey));
            entry.set("item", model::fieldsToJson(change.item));
            break;
        case sdk::ReferenceChange::Kind::Delete:
            entry.set("rkey", json::JsonValue::string(change.rkey));
            break;
        case sdk::ReferenceChange::Kind::ReplaceClass: {
            json::JsonValue records = json::JsonValue::object();
            for (const auto& [rkey, item] : change.records) {
                records.set(rkey, model::fieldsToJson(item));
            }
            entry.set("records", std::move(records));
            break;
        }
        }
        array.push(std::move(entry));
    }
    return array;
}

json::JsonValue outboundToJson(const std::vector<sdk::OutboundRequest>& requests) {
    json::JsonValue array = json::JsonValue::array();
    for (const auto& request : requests) {
        json::JsonValue entry = json::JsonValue::object();
        entry.set("type", json::JsonValue::string(request.type));
        entry.set("subtype", json::JsonValue::string(request.subtype));
        entry.set("fields", model::fieldsToJson(request.fields));
        array.push(std::move(entry));
    }
    return array;
}

} // namespace

json::JsonValue decisionToJson(const pipeline::RoutedMessage& routed, const sdk::FlightView& before) {
    const sdk::Decision& decision = routed.decision;
    json::JsonValue json = json::JsonValue::object();
    json.set("key", routed.key.empty() ? json::JsonValue() : json::JsonValue::string(routed.key));
    json.set("outcome", json::JsonValue::string(std::string(sdk::outcomeName(decision.outcome))));
    json.set("error_class", decision.errorClass
                                ? json::JsonValue::string(std::string(errorClassName(*decision.errorClass)))
                                : json::JsonValue());
    json.set("reason",
             decision.reason.empty() ? json::JsonValue() : json::JsonValue::string(decision.reason));
    json.set("notes", textList(decision.notes));
    json.set("flights", flightsToJson(decision, before));
    json.set("msg", eventsToJson(decision.events));
    json::JsonValue schd = json::JsonValue::array();
    for (sdk::Flid flid : decision.schdPush) {
        schd.push(json::JsonValue::integer(flid));
    }
    json.set("schd", std::move(schd));
    json.set("references", referencesToJson(decision.references));
    json.set("outbound", outboundToJson(decision.outbound));
    return json;
}

FlightState readFlightState(const json::JsonValue& json, const std::string& source) {
    if (json.kind() != json::JsonValue::Kind::Object) {
        throw json::JsonError(source + ": expected an object {\"now\": ..., \"flights\": [...]}");
    }
    FlightState state;
    for (const auto& key : json.keys()) {
        if (key != "now" && key != "flights") {
            throw json::JsonError(source + ": unknown member '" + key + "' (expected now, flights)");
        }
    }
    if (const json::JsonValue* now = json.find("now"); now != nullptr && !now->isNull()) {
        const auto instant =
            now->kind() == json::JsonValue::Kind::String ? sdk::parseUtc(now->asString()) : std::nullopt;
        if (!instant) {
            throw json::JsonError(source + ": now: expected a UTC time like \"2024-03-18T07:15:00Z\"");
        }
        state.now = instant;
    }
    if (const json::JsonValue* flights = json.find("flights")) {
        if (flights->kind() != json::JsonValue::Kind::Array) {
            throw json::JsonError(source + ": flights: expected an array of flight documents");
        }
        for (std::size_t i = 0; i < flights->items().size(); ++i) {
            state.flights.push_back(model::flightDocumentFromJson(
                flights->items()[i], source + ": flights[" + std::to_string(i) + "]"));
        }
    }
    return state;
}

model::ReferenceClasses readReferenceClasses(const json::JsonValue& json, const std::string& source) {
    if (json.kind() != json::JsonValue::Kind::Object) {
        throw json::JsonError(source + ": expected an object {\"<RTYPE>\": {\"<RKEY>\": {...}}}");
    }
    model::ReferenceClasses classes;
    for (std::size_t i = 0; i < json.keys().size(); ++i) {
        const std::string& rtype = json.keys()[i];
        const json::JsonValue& records = json.items()[i];
        if (records.kind() != json::JsonValue::Kind::Object) {
            throw json::JsonError(source + ": " + rtype + ": expected an object of records by key");
        }
        auto& target = classes[rtype];
        for (std::size_t r = 0; r < records.keys().size(); ++r) {
            target.emplace(
                records.keys()[r],
                model::fieldsFromJson(records.items()[r], source + ": " + rtype + "." + records.keys()[r]));
        }
    }
    return classes;
}

std::string readTextFile(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        throw std::runtime_error("cannot read " + file.string());
    }
    std::ostringstream content;
    content << in.rdbuf();
    return content.str();
}

OfflineResult decideOffline(const OfflineInput& input, const plugin::PluginHost& host,
                            const pipeline::IgnoreRules& ignoreRules, const codec::TimeZone& businessZone,
                            std::chrono::sys_seconds fallbackNow) {
    const model::InMemoryFlightView flights(input.before.flights);
    const model::InMemoryReferenceView references(input.references);
    const sdk::HandlerContext context{input.before.now.value_or(fallbackNow), businessZone, references};
    OfflineResult result;
    result.routed = pipeline::routeMessage(input.xml, ignoreRules, host, context, flights);
    result.decisionJson = decisionToJson(result.routed, flights);
    return result;
}

} // namespace msgx::golden
