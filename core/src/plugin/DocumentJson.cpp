#include "msgx/plugin/DocumentJson.h"

namespace msgx::plugin {

namespace {

struct ToJson {
    JsonValue operator()(std::monostate) const { return {}; }
    JsonValue operator()(bool flag) const { return JsonValue::boolean(flag); }
    JsonValue operator()(std::int64_t number) const { return JsonValue::integer(number); }
    JsonValue operator()(double number) const { return JsonValue::number(number); }
    JsonValue operator()(const std::string& text) const { return JsonValue::string(text); }
    JsonValue operator()(const sdk::StringList& list) const {
        JsonValue array = JsonValue::array();
        for (const auto& item : list) {
            array.push(JsonValue::string(item));
        }
        return array;
    }
};

[[noreturn]] void shapeError(const std::string& where, const std::string& problem) {
    throw JsonError(where + ": " + problem);
}

const JsonValue& expectKind(const JsonValue& json, JsonValue::Kind kind, const std::string& where) {
    if (json.kind() != kind) {
        shapeError(where, "expected " + std::string(kindName(kind)) + ", found " +
                              std::string(kindName(json.kind())));
    }
    return json;
}

} // namespace

JsonValue valueToJson(const sdk::Value& value) {
    return std::visit(ToJson{}, value);
}

JsonValue fieldsToJson(const sdk::Fields& fields) {
    JsonValue object = JsonValue::object();
    for (const auto& [name, value] : fields) {
        object.set(name, valueToJson(value));
    }
    return object;
}

JsonValue listToJson(const sdk::DetailList& entries) {
    JsonValue array = JsonValue::array();
    for (const auto& entry : entries) {
        array.push(fieldsToJson(entry));
    }
    return array;
}

JsonValue flightDocumentToJson(const sdk::FlightDocument& flight) {
    JsonValue document = JsonValue::object();
    document.set("flid", JsonValue::integer(flight.flid()));
    document.set("attributes", fieldsToJson(flight.attributes()));
    JsonValue lists = JsonValue::object();
    for (const auto& [name, entries] : flight.lists()) {
        lists.set(name, listToJson(entries));
    }
    document.set("lists", std::move(lists));
    return document;
}

sdk::Value valueFromJson(const JsonValue& json, const std::string& where) {
    switch (json.kind()) {
    case JsonValue::Kind::Null:
        return std::monostate{};
    case JsonValue::Kind::Bool:
        return json.asBool();
    case JsonValue::Kind::Integer:
        return json.asInteger();
    case JsonValue::Kind::Number:
        return json.asNumber();
    case JsonValue::Kind::String:
        return json.asString();
    case JsonValue::Kind::Array: {
        sdk::StringList list;
        for (std::size_t i = 0; i < json.items().size(); ++i) {
            list.push_back(
                expectKind(json.items()[i], JsonValue::Kind::String, where + "[" + std::to_string(i) + "]")
                    .asString());
        }
        return list;
    }
    case JsonValue::Kind::Object:
        shapeError(where, "expected a value (null, flag, number, text or array of text), found an object");
    }
    return std::monostate{};
}

sdk::Fields fieldsFromJson(const JsonValue& json, const std::string& where) {
    expectKind(json, JsonValue::Kind::Object, where);
    sdk::Fields fields;
    for (std::size_t i = 0; i < json.keys().size(); ++i) {
        sdk::Value value = valueFromJson(json.items()[i], where + "." + json.keys()[i]);
        if (!sdk::isNull(value)) {
            fields.emplace(json.keys()[i], std::move(value));
        }
    }
    return fields;
}

sdk::FlightDocument flightDocumentFromJson(const JsonValue& json, const std::string& where) {
    expectKind(json, JsonValue::Kind::Object, where);
    for (const auto& key : json.keys()) {
        if (key != "flid" && key != "attributes" && key != "lists") {
            shapeError(where, "unknown member '" + key + "' (a flight document has flid, attributes, lists)");
        }
    }
    const JsonValue* flid = json.find("flid");
    if (flid == nullptr) {
        shapeError(where, "flid is missing");
    }
    sdk::FlightDocument flight(expectKind(*flid, JsonValue::Kind::Integer, where + ".flid").asInteger());
    if (const JsonValue* attributes = json.find("attributes")) {
        for (const auto& [name, value] : fieldsFromJson(*attributes, where + ".attributes")) {
            flight.set(name, value);
        }
    }
    if (const JsonValue* lists = json.find("lists")) {
        expectKind(*lists, JsonValue::Kind::Object, where + ".lists");
        for (std::size_t i = 0; i < lists->keys().size(); ++i) {
            const std::string listWhere = where + ".lists." + lists->keys()[i];
            const JsonValue& entries = expectKind(lists->items()[i], JsonValue::Kind::Array, listWhere);
            sdk::DetailList list;
            for (std::size_t e = 0; e < entries.items().size(); ++e) {
                list.push_back(fieldsFromJson(entries.items()[e], listWhere + "[" + std::to_string(e) + "]"));
            }
            flight.setList(lists->keys()[i], std::move(list));
        }
    }
    return flight;
}

} // namespace msgx::plugin
