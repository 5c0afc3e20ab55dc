#include "msgx/pipeline/pump/EventPayloads.h"

#include "msgx/json/JsonValue.h"
#include "msgx/model/DocumentJson.h"

namespace msgx::pipeline {
namespace {

json::JsonValue headOf(std::string_view type, sdk::Flid flid) {
    json::JsonValue payload = json::JsonValue::object();
    payload.set("type", json::JsonValue::string(std::string(type)));
    payload.set("flid", json::JsonValue::integer(flid));
    return payload;
}

} // namespace

std::string msgEventPayload(const sdk::MsgEvent& event) {
    json::JsonValue payload = headOf(event.type, event.flid);
    payload.set("fields", model::fieldsToJson(event.fields));
    json::JsonValue lists = json::JsonValue::object();
    for (const auto& [name, entries] : event.lists) {
        lists.set(name, model::listToJson(entries));
    }
    payload.set("lists", std::move(lists));
    return json::renderCompactJson(payload);
}

std::string flightUpsertPayload(const sdk::FlightDocument& document) {
    json::JsonValue payload = headOf("flight-upsert", document.flid());
    payload.set("document", model::flightDocumentToJson(document));
    return json::renderCompactJson(payload);
}

std::string flightDeletePayload(sdk::Flid flid) {
    return json::renderCompactJson(headOf("flight-delete", flid));
}

std::string flightToHistoryPayload(sdk::Flid flid) {
    return json::renderCompactJson(headOf("flight-to-history", flid));
}

std::string flightFromHistoryPayload(sdk::Flid flid) {
    return json::renderCompactJson(headOf("flight-from-history", flid));
}

} // namespace msgx::pipeline
