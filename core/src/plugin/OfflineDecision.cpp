#include "msgx/plugin/OfflineDecision.h"

#include "msgx/codec/ErrorClass.h"
#include "msgx/plugin/DocumentJson.h"
#include "msgx/sdk/UtcTime.h"

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace msgx::plugin {

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

JsonValue listsToJson(const std::map<std::string, sdk::DetailList, std::less<>>& lists) {
    JsonValue object = JsonValue::object();
    for (const auto& [name, entries] : lists) {
        object.set(name, listToJson(entries));
    }
    return object;
}

JsonValue textList(const std::vector<std::string>& items) {
    JsonValue array = JsonValue::array();
    for (const auto& item : items) {
        array.push(JsonValue::string(item));
    }
    return array;
}

JsonValue flightsToJson(const sdk::Decision& decision, const sdk::FlightView& before) {
    // The document after each change, starting from the stored state, in the decision's order.
    std::map<sdk::Flid, std::optional<sdk::FlightDocument>> current;
    JsonValue flights = JsonValue::array();
    for (const sdk::FlightChange& change : decision.flights) {
        auto state = current.find(change.flid);
        if (state == current.end()) {
            const sdk::FlightDocument* stored = before.byFlid(change.flid);
            state = current.emplace(change.flid, stored ? std::optional(*stored) : std::nullopt).first;
        }
        JsonValue entry = JsonValue::object();
        entry.set("change", JsonValue::string(std::string(changeName(change.kind))));
        entry.set("flid", JsonValue::integer(change.flid));
        if (change.kind == sdk::FlightChange::Kind::Delete) {
            state->second.reset();
        } else {
            if (change.kind == sdk::FlightChange::Kind::Update) {
                entry.set("set", fieldsToJson(change.set));
                entry.set("lists", listsToJson(change.lists));
            }
            state->second = sdk::applyFlightChange(state->second ? &*state->second : nullptr, change);
            entry.set("document", flightDocumentToJson(*state->second));
        }
        flights.push(std::move(entry));
    }
    return flights;
}

JsonValue eventsToJson(const std::vector<sdk::MsgEvent>& events) {
    JsonValue array = JsonValue::array();
    for (const auto& event : events) {
        JsonValue entry = JsonValue::object();
        entry.set("type", JsonValue::string(event.type));
        entry.set("flid", JsonValue::integer(event.flid));
        JsonValue fields = fieldsToJson(event.fields);
        for (const auto& [name, list] : event.lists) {
            fields.set(name, listToJson(list));
        }
        entry.set("fields", std::move(fields));
        array.push(std::move(entry));
    }
    return array;
}

JsonValue referencesToJson(const std::vector<sdk::ReferenceChange>& changes) {
    JsonValue array = JsonValue::array();
    for (const auto& change : changes) {
        JsonValue entry = JsonValue::object();
        entry.set("change", JsonValue::string(std::string(referenceChangeName(change.kind))));
        entry.set("rtype", JsonValue::string(change.rtype));
        switch (change.kind) {
        case sdk::ReferenceChange::Kind::Upsert:
            entry.set("rkey", JsonValue::string(change.rkey));
            entry.set("item", fieldsToJson(change.item));
            break;
        case sdk::ReferenceChange::Kind::Delete:
            entry.set("rkey", JsonValue::string(change.rkey));
            break;
        case sdk::ReferenceChange::Kind::ReplaceClass: {
            JsonValue records = JsonValue::object();
            for (const auto& [rkey, item] : change.records) {
                records.set(rkey, fieldsToJson(item));
            }
            entry.set("records", std::move(records));
            break;
        }
        }
        array.push(std::move(entry));
    }
    return array;
}

JsonValue outboundToJson(const std::vector<sdk::OutboundRequest>& requests) {
    JsonValue array = JsonValue::array();
    for (const auto& request : requests) {
        JsonValue entry = JsonValue::object();
        entry.set("type", JsonValue::string(request.type));
        entry.set("subtype", JsonValue::string(request.subtype));
        entry.set("fields", fieldsToJson(request.fields));
        array.push(std::move(entry));
    }
    return array;
}

} // namespace

JsonValue decisionToJson(const RoutedMessage& routed, const sdk::FlightView& before) {
    const sdk::Decision& decision = routed.decision;
    JsonValue json = JsonValue::object();
    json.set("key", routed.key.empty() ? JsonValue() : JsonValue::string(routed.key));
    json.set("outcome", JsonValue::string(std::string(sdk::outcomeName(decision.outcome))));
    json.set("error_class", decision.errorClass
                                ? JsonValue::string(std::string(errorClassName(*decision.errorClass)))
                                : JsonValue());
    json.set("reason", decision.reason.empty() ? JsonValue() : JsonValue::string(decision.reason));
    json.set("notes", textList(decision.notes));
    json.set("flights", flightsToJson(decision, before));
    json.set("msg", eventsToJson(decision.events));
    JsonValue schd = JsonValue::array();
    for (sdk::Flid flid : decision.schdPush) {
        schd.push(JsonValue::integer(flid));
    }
    json.set("schd", std::move(schd));
    json.set("references", referencesToJson(decision.references));
    json.set("outbound", outboundToJson(decision.outbound));
    return json;
}

FlightState readFlightState(const JsonValue& json, const std::string& source) {
    if (json.kind() != JsonValue::Kind::Object) {
        throw JsonError(source + ": expected an object {\"now\": ..., \"flights\": [...]}");
    }
    FlightState state;
    for (const auto& key : json.keys()) {
        if (key != "now" && key != "flights") {
            throw JsonError(source + ": unknown member '" + key + "' (expected now, flights)");
        }
    }
    if (const JsonValue* now = json.find("now"); now != nullptr && !now->isNull()) {
        const auto instant =
            now->kind() == JsonValue::Kind::String ? sdk::parseUtc(now->asString()) : std::nullopt;
        if (!instant) {
            throw JsonError(source + ": now: expected a UTC time like \"2024-03-18T07:15:00Z\"");
        }
        state.now = instant;
    }
    if (const JsonValue* flights = json.find("flights")) {
        if (flights->kind() != JsonValue::Kind::Array) {
            throw JsonError(source + ": flights: expected an array of flight documents");
        }
        for (std::size_t i = 0; i < flights->items().size(); ++i) {
            state.flights.push_back(
                flightDocumentFromJson(flights->items()[i], source + ": flights[" + std::to_string(i) + "]"));
        }
    }
    return state;
}

ReferenceClasses readReferenceClasses(const JsonValue& json, const std::string& source) {
    if (json.kind() != JsonValue::Kind::Object) {
        throw JsonError(source + ": expected an object {\"<RTYPE>\": {\"<RKEY>\": {...}}}");
    }
    ReferenceClasses classes;
    for (std::size_t i = 0; i < json.keys().size(); ++i) {
        const std::string& rtype = json.keys()[i];
        const JsonValue& records = json.items()[i];
        if (records.kind() != JsonValue::Kind::Object) {
            throw JsonError(source + ": " + rtype + ": expected an object of records by key");
        }
        auto& target = classes[rtype];
        for (std::size_t r = 0; r < records.keys().size(); ++r) {
            target.emplace(records.keys()[r], fieldsFromJson(records.items()[r], source + ": " + rtype + "." +
                                                                                     records.keys()[r]));
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

OfflineResult decideOffline(const OfflineInput& input, const PluginHost& host, const IgnoreRules& ignoreRules,
                            const codec::TimeZone& businessZone, std::chrono::sys_seconds fallbackNow) {
    const InMemoryFlightView flights(input.before.flights);
    const InMemoryReferenceView references(input.references);
    const sdk::HandlerContext context{input.before.now.value_or(fallbackNow), businessZone, references};
    OfflineResult result;
    result.routed = routeMessage(input.xml, ignoreRules, host, context, flights);
    result.decisionJson = decisionToJson(result.routed, flights);
    return result;
}

} // namespace msgx::plugin
