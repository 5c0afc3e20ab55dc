#include "msgx/model/DocumentJson.h"

namespace msgx::model {

namespace {

struct ToJson {
    json::JsonValue operator()(std::monostate) const { return {}; }
    json::JsonValue operator()(bool flag) const { return json::JsonValue::boolean(flag); }
    json::JsonValue operator()(std::int64_t number) const { return json::JsonValue::integer(number); }
    json::JsonValue operator()(double number) const { return json::JsonValue::number(number); }
    json::JsonValue operator()(const std::string& text) const { return json::JsonValue::string(text); }
    json::JsonValue operator()(const sdk::StringList& list) const {
        json::JsonValue array = json::JsonValue::array();
        for (const auto& item : list) {
            array.push(json::JsonValue::string(item));
        }
        return array;
    }
};

[[noreturn]] void shapeError(const std::string& where, const std::string& problem) {
    throw json::JsonError(where + ": " + problem);
}

const json::JsonValue& expectKind(const json::JsonValue& json, json::JsonValue::Kind kind,
                                  const std::string& where) {
    if (json.kind() != kind) {
        shapeError(where, "expected " + std::string(json::kindName(kind)) + ", found " +
                              std::string(json::kindName(json.kind())));
    }
    return json;
}

} // namespace

json::JsonValue valueToJson(const sdk::Value& value) {
    return std::visit(ToJson{}, value);
}

json::JsonValue fieldsToJson(const sdk::Fields& fields) {
    json::JsonValue object = json::JsonValue::object();
    for (const auto& [name, value] : fields) {
        object.set(name, valueToJson(value));
    }
    return object;
}

json::JsonValue listToJson(const sdk::DetailList& entries) {
    json::JsonValue array = json::JsonValue::array();
    for (const auto& entry : entries) {
        array.push(fieldsToJson(entry));
    }
    return array;
}

json::JsonValue flightDocumentToJson(const sdk::FlightDocument& flight) {
    json::JsonValue document = json::JsonValue::object();
    document.set("flid", json::JsonValue::integer(flight.flid()));
    document.set("attributes", fieldsToJson(flight.attributes()));
    json::JsonValue lists = json::JsonValue::object();
    for (const auto& [name, entries] : flight.lists()) {
        lists.set(name, listToJson(entries));
    }
    document.set("lists", std::move(lists));
    return document;
}

sdk::Value valueFromJson(const json::JsonValue& json, const std::string& where) {
    switch (json.kind()) {
    case json::JsonValue::Kind::Null:
        return std::monostate{};
    case json::JsonValue::Kind::Bool:
        return json.asBool();
    case json::JsonValue::Kind::Integer:
        return json.asInteger();
    case json::JsonValue::Kind::Number:
        return json.asNumber();
    case json::JsonValue::Kind::String:
        return json.asString();
    case json::JsonValue::Kind::Array: {
        sdk::StringList list;
        for (std::size_t i = 0; i < json.items().size(); ++i) {
            list.push_back(expectKind(json.items()[i], json::JsonValue::Kind::String,
                                      where + "[" + std::to_string(i) + "]")
                               .asString());
        }
        return list;
    }
    case json::JsonValue::Kind::Object:
        shapeError(where, "expected a value (null, flag, number, text or array of text), found an object");
    }
    return std::monostate{};
}

sdk::Fields fieldsFromJson(const json::JsonValue& json, const std::string& where) {
    expectKind(json, json::JsonValue::Kind::Object, where);
    sdk::Fields fields;
    for (std::size_t i = 0; i < json.keys().size(); ++i) {
        sdk::Value value = valueFromJson(json.items()[i], where + "." + json.keys()[i]);
        if (!sdk::isNull(value)) {
            fields.emplace(json.keys()[i], std::move(value));
        }
    }
    return fields;
}

sdk::FlightDocument flightDocumentFromJson(const json::JsonValue& json, const std::string& where) {
    expectKind(json, json::JsonValue::Kind::Object, where);
    for (const auto& key : json.keys()) {
        if (key != "flid" && key != "attributes" && key != "lists") {
            shapeError(where, "unknown member '" + key + "' (a flight document has flid, attributes, lists)");
        }
    }
    const json::JsonValue* flid = json.find("flid");
    if (flid == nullptr) {
        shapeError(where, "flid is missing");
    }
    sdk::FlightDocument flight(
        expectKind(*flid, json::JsonValue::Kind::Integer, where + ".flid").asInteger());
    if (const json::JsonValue* attributes = json.find("attributes")) {
        for (const auto& [name, value] : fieldsFromJson(*attributes, where + ".attributes")) {
            flight.set(name, value);
        }
    }
    if (const json::JsonValue* lists = json.find("lists")) {
        expectKind(*lists, json::JsonValue::Kind::Object, where + ".lists");
        for (std::size_t i = 0; i < lists->keys().size(); ++i) {
            const std::string listWhere = where + ".lists." + lists->keys()[i];
            const json::JsonValue& entries =
                expectKind(lists->items()[i], json::JsonValue::Kind::Array, listWhere);
            sdk::DetailList list;
            for (std::size_t e = 0; e < entries.items().size(); ++e) {
                list.push_back(fieldsFromJson(entries.items()[e], listWhere + "[" + std::to_string(e) + "]"));
            }
            flight.setList(lists->keys()[i], std::move(list));
        }
    }
    return flight;
}

} // namespace msgx::model
