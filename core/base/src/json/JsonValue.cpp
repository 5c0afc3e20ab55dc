#include "msgx/json/JsonValue.h"

#include <Poco/Dynamic/Var.h>
#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>

namespace msgx::json {

JsonValue JsonValue::boolean(bool value) {
    JsonValue v;
    v.kind_ = Kind::Bool;
    v.bool_ = value;
    return v;
}

JsonValue JsonValue::integer(std::int64_t value) {
    JsonValue v;
    v.kind_ = Kind::Integer;
    v.integer_ = value;
    return v;
}

JsonValue JsonValue::number(double value) {
    JsonValue v;
    v.kind_ = Kind::Number;
    v.number_ = value;
    return v;
}

JsonValue JsonValue::string(std::string value) {
    JsonValue v;
    v.kind_ = Kind::String;
    v.string_ = std::move(value);
    return v;
}

JsonValue JsonValue::stringOrNull(const std::optional<std::string>& value) {
    return value ? string(*value) : JsonValue();
}

JsonValue JsonValue::array() {
    JsonValue v;
    v.kind_ = Kind::Array;
    return v;
}

JsonValue JsonValue::object() {
    JsonValue v;
    v.kind_ = Kind::Object;
    return v;
}

namespace {

[[noreturn]] void wrongKind(std::string_view wanted, JsonValue::Kind actual) {
    throw std::logic_error("JsonValue: " + std::string(wanted) + " requested from " +
                           std::string(kindName(actual)));
}

} // namespace

bool JsonValue::asBool() const {
    if (kind_ != Kind::Bool) {
        wrongKind("a flag", kind_);
    }
    return bool_;
}

std::int64_t JsonValue::asInteger() const {
    if (kind_ != Kind::Integer) {
        wrongKind("an integer", kind_);
    }
    return integer_;
}

double JsonValue::asNumber() const {
    if (kind_ == Kind::Integer) {
        return static_cast<double>(integer_);
    }
    if (kind_ != Kind::Number) {
        wrongKind("a number", kind_);
    }
    return number_;
}

const std::string& JsonValue::asString() const {
    if (kind_ != Kind::String) {
        wrongKind("text", kind_);
    }
    return string_;
}

JsonValue& JsonValue::push(JsonValue item) {
    if (kind_ != Kind::Array) {
        wrongKind("an array", kind_);
    }
    items_.push_back(std::move(item));
    return items_.back();
}

JsonValue& JsonValue::set(std::string_view key, JsonValue value) {
    if (kind_ != Kind::Object) {
        wrongKind("an object", kind_);
    }
    for (std::size_t i = 0; i < keys_.size(); ++i) {
        if (keys_[i] == key) {
            items_[i] = std::move(value);
            return items_[i];
        }
    }
    keys_.emplace_back(key);
    items_.push_back(std::move(value));
    return items_.back();
}

const JsonValue* JsonValue::find(std::string_view key) const {
    for (std::size_t i = 0; i < keys_.size(); ++i) {
        if (keys_[i] == key) {
            return &items_[i];
        }
    }
    return nullptr;
}

std::string_view kindName(JsonValue::Kind kind) {
    switch (kind) {
    case JsonValue::Kind::Null:
        return "null";
    case JsonValue::Kind::Bool:
        return "a flag";
    case JsonValue::Kind::Integer:
        return "an integer";
    case JsonValue::Kind::Number:
        return "a number";
    case JsonValue::Kind::String:
        return "text";
    case JsonValue::Kind::Array:
        return "an array";
    case JsonValue::Kind::Object:
        return "an object";
    }
    return "?";
}

namespace {

void renderStringInto(std::string& out, std::string_view text) {
    out += '"';
    for (char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\u%04x",
                              static_cast<unsigned>(static_cast<unsigned char>(c)));
                out += escaped;
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

void renderNumber(std::string& out, double value) {
    if (!std::isfinite(value)) {
        out += "null";
        return;
    }
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    std::string text(buffer, result.ptr);
    if (text.find_first_of(".eE") == std::string::npos) {
        text += ".0";
    }
    out += text;
}

bool isScalar(const JsonValue& value) {
    return value.kind() != JsonValue::Kind::Array && value.kind() != JsonValue::Kind::Object;
}

void render(std::string& out, const JsonValue& value, int indent) {
    const std::string pad(static_cast<std::size_t>(indent) * 2, ' ');
    const std::string innerPad(static_cast<std::size_t>(indent + 1) * 2, ' ');
    switch (value.kind()) {
    case JsonValue::Kind::Null:
        out += "null";
        return;
    case JsonValue::Kind::Bool:
        out += value.asBool() ? "true" : "false";
        return;
    case JsonValue::Kind::Integer:
        out += std::to_string(value.asInteger());
        return;
    case JsonValue::Kind::Number:
        renderNumber(out, value.asNumber());
        return;
    case JsonValue::Kind::String:
        renderStringInto(out, value.asString());
        return;
    case JsonValue::Kind::Array: {
        const auto& items = value.items();
        if (items.empty()) {
            out += "[]";
            return;
        }
        if (std::all_of(items.begin(), items.end(), isScalar)) {
            out += '[';
            for (std::size_t i = 0; i < items.size(); ++i) {
                out += i == 0 ? "" : ", ";
                render(out, items[i], indent);
            }
            out += ']';
            return;
        }
        out += "[\n";
        for (std::size_t i = 0; i < items.size(); ++i) {
            out += innerPad;
            render(out, items[i], indent + 1);
            out += i + 1 < items.size() ? ",\n" : "\n";
        }
        out += pad + "]";
        return;
    }
    case JsonValue::Kind::Object: {
        const auto& keys = value.keys();
        if (keys.empty()) {
            out += "{}";
            return;
        }
        out += "{\n";
        for (std::size_t i = 0; i < keys.size(); ++i) {
            out += innerPad;
            renderStringInto(out, keys[i]);
            out += ": ";
            render(out, value.items()[i], indent + 1);
            out += i + 1 < keys.size() ? ",\n" : "\n";
        }
        out += pad + "}";
        return;
    }
    }
}

JsonValue fromVar(const Poco::Dynamic::Var& var) {
    if (var.isEmpty()) {
        return {};
    }
    if (var.type() == typeid(Poco::JSON::Object::Ptr)) {
        const auto object = var.extract<Poco::JSON::Object::Ptr>();
        JsonValue out = JsonValue::object();
        for (const auto& name : object->getNames()) {
            out.set(name, fromVar(object->get(name)));
        }
        return out;
    }
    if (var.type() == typeid(Poco::JSON::Array::Ptr)) {
        const auto array = var.extract<Poco::JSON::Array::Ptr>();
        JsonValue out = JsonValue::array();
        for (std::size_t i = 0; i < array->size(); ++i) {
            out.push(fromVar(array->get(static_cast<unsigned int>(i))));
        }
        return out;
    }
    if (var.type() == typeid(bool)) {
        return JsonValue::boolean(var.extract<bool>());
    }
    if (var.isString()) {
        return JsonValue::string(var.convert<std::string>());
    }
    if (var.isInteger()) {
        return JsonValue::integer(var.convert<Poco::Int64>());
    }
    if (var.isNumeric()) {
        return JsonValue::number(var.convert<double>());
    }
    return JsonValue::string(var.convert<std::string>());
}

} // namespace

std::string renderJson(const JsonValue& value) {
    std::string out;
    render(out, value, 0);
    out += '\n';
    return out;
}

namespace {

void renderCompact(std::string& out, const JsonValue& value) {
    switch (value.kind()) {
    case JsonValue::Kind::Array:
        out += '[';
        for (std::size_t i = 0; i < value.items().size(); ++i) {
            out += i == 0 ? "" : ",";
            renderCompact(out, value.items()[i]);
        }
        out += ']';
        return;
    case JsonValue::Kind::Object:
        out += '{';
        for (std::size_t i = 0; i < value.keys().size(); ++i) {
            out += i == 0 ? "" : ",";
            renderStringInto(out, value.keys()[i]);
            out += ':';
            renderCompact(out, value.items()[i]);
        }
        out += '}';
        return;
    default:
        render(out, value, 0); // scalars render the same in both forms
        return;
    }
}

} // namespace

std::string renderCompactJson(const JsonValue& value) {
    std::string out;
    renderCompact(out, value);
    return out;
}

void appendJsonString(std::string& out, std::string_view text) {
    renderStringInto(out, text);
}

JsonValue parseJson(std::string_view text, std::string_view source) {
    try {
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        return fromVar(parser.parse(std::string(text)));
    } catch (const Poco::Exception& e) {
        // Poco names the offending byte as is (the end of the text as '\xff'): shown as \xNN, so
        // the message is ASCII and can go into a JSON answer or a log line.
        std::string shown;
        for (const char c : e.displayText()) {
            const auto byte = static_cast<unsigned char>(c);
            if (byte >= 0x80 || (byte < 0x20 && c != '\t')) {
                static constexpr char kHex[] = "0123456789abcdef";
                shown += std::string("\\x") + kHex[byte >> 4] + kHex[byte & 0xf];
            } else {
                shown += c;
            }
        }
        throw JsonError(std::string(source) + ": not valid JSON: " + shown);
    }
}

JsonValue withSortedKeys(const JsonValue& value) {
    if (value.kind() == JsonValue::Kind::Array) {
        JsonValue out = JsonValue::array();
        for (const auto& item : value.items()) {
            out.push(withSortedKeys(item));
        }
        return out;
    }
    if (value.kind() != JsonValue::Kind::Object) {
        return value;
    }
    std::vector<std::size_t> order(value.keys().size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return value.keys()[a] < value.keys()[b]; });
    JsonValue out = JsonValue::object();
    for (std::size_t i : order) {
        out.set(value.keys()[i], withSortedKeys(value.items()[i]));
    }
    return out;
}

} // namespace msgx::json
