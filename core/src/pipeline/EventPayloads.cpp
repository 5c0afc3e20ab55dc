#include "msgx/pipeline/EventPayloads.h"

#include "msgx/plugin/DocumentJson.h"
#include "msgx/plugin/JsonValue.h"

namespace msgx::pipeline {
namespace {

plugin::JsonValue headOf(std::string_view type, sdk::Flid flid) {
    plugin::JsonValue payload = plugin::JsonValue::object();
    payload.set("type", plugin::JsonValue::string(std::string(type)));
    payload.set("flid", plugin::JsonValue::integer(flid));
    return payload;
}

} // namespace

std::string msgEventPayload(const sdk::MsgEvent& event) {
    plugin::JsonValue payload = headOf(event.type, event.flid);
    payload.set("fields", plugin::fieldsToJson(event.fields));
    plugin::JsonValue lists = plugin::JsonValue::object();
    for (const auto& [name, entries] : event.lists) {
        lists.set(name, plugin::listToJson(entries));
    }
    payload.set("lists", std::move(lists));
    return plugin::renderCompactJson(payload);
}

std::string flightUpsertPayload(const sdk::FlightDocument& document) {
    plugin::JsonValue payload = headOf("flight-upsert", document.flid());
    payload.set("document", plugin::flightDocumentToJson(document));
    return plugin::renderCompactJson(payload);
}

std::string flightDeletePayload(sdk::Flid flid) {
    return plugin::renderCompactJson(headOf("flight-delete", flid));
}

} // namespace msgx::pipeline
