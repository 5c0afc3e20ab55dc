#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// The one JSON module of msgexchange: every JSON text the project writes or reads goes through it
// (golden files, Decision output, event payloads and delivery envelopes, the file sink, msgxctl
// --json, the JSON log format, control-socket replies). Parsing is Poco JSON's. Rendering is our
// own, and only for what Poco's stringifier cannot give: the same value is always the same bytes
// (members in insertion order, fixed number formatting, UTF-8 left unescaped), which golden files
// and replays that must write identical payloads depend on.
namespace msgx::json {

// Text that is not the JSON a file or a reply should hold; says where and why, e.g.
// "before.json: flights[2].attributes.maxPax: expected an integer, found text".
class JsonError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A JSON value for the shapes msgexchange writes and reads (Decision JSON, flight documents,
// before.json, refs.json, control-socket replies). Objects keep their members in insertion order,
// so what is written reads in the order the code builds it; renderJson makes the same value the
// same text every time, which golden files need.
class JsonValue {
public:
    enum class Kind { Null, Bool, Integer, Number, String, Array, Object };

    JsonValue() = default; // null
    static JsonValue boolean(bool value);
    static JsonValue integer(std::int64_t value);
    static JsonValue number(double value);
    static JsonValue string(std::string value);
    // A string, or null for nullopt (an optional column as JSON).
    static JsonValue stringOrNull(const std::optional<std::string>& value);
    static JsonValue array();
    static JsonValue object();

    [[nodiscard]] Kind kind() const { return kind_; }
    [[nodiscard]] bool isNull() const { return kind_ == Kind::Null; }

    // Scalars; std::logic_error on another kind.
    [[nodiscard]] bool asBool() const;
    [[nodiscard]] std::int64_t asInteger() const;
    [[nodiscard]] double asNumber() const; // Integer or Number
    [[nodiscard]] const std::string& asString() const;

    // Arrays.
    JsonValue& push(JsonValue item);
    [[nodiscard]] const std::vector<JsonValue>& items() const { return items_; }

    // Objects: set() replaces a member of the same name or appends a new one.
    JsonValue& set(std::string_view key, JsonValue value);
    [[nodiscard]] const JsonValue* find(std::string_view key) const;
    [[nodiscard]] const std::vector<std::string>& keys() const { return keys_; }
    // items() holds the member values, in the order of keys().

    bool operator==(const JsonValue&) const = default;

private:
    Kind kind_ = Kind::Null;
    bool bool_ = false;
    std::int64_t integer_ = 0;
    double number_ = 0;
    std::string string_;
    std::vector<std::string> keys_;
    std::vector<JsonValue> items_;
};

// "object", "text", "an integer", ... for error messages.
std::string_view kindName(JsonValue::Kind kind);

// Pretty text: two-space indent, one member per line, arrays of scalars on one line, non-ASCII
// text unescaped (UTF-8), numbers with a fraction always showing one (41.0), ending in a newline.
std::string renderJson(const JsonValue& value);

// One-line JSON text of `value`: no spaces, members in their order, non-ASCII text unescaped
// (UTF-8), numbers with a fraction always showing one (41.0). What the pump stores in MSG_EVENT
// payloads, FLIGHT attributes, FLIGHT_DETAIL items and REF_MASTER items: the same value is always
// the same text, so a replay writes the same bytes.
std::string renderCompactJson(const JsonValue& value);

// Appends `text` as a JSON string (quoted; ", \ and control characters escaped; UTF-8 kept).
void appendJsonString(std::string& out, std::string_view text);

// Parses JSON text (Poco JSON); members keep their order. Throws JsonError naming `source`, the
// line and the problem.
JsonValue parseJson(std::string_view text, std::string_view source);

// The same value with every object's members sorted by name: the form two JSON texts are compared
// in, so member order never makes a difference.
JsonValue withSortedKeys(const JsonValue& value);

} // namespace msgx::json
