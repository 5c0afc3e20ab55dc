#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace msgx::sdk {

// A list of codes, e.g. the airbridges serving a stand (`abdg`) or the stands an airbridge serves.
using StringList = std::vector<std::string>;

// One value of the flight document, a list entry or a reference record (docs/flight-document.md):
// null, a flag, an integer, a decimal, text or a list of codes. Times are text in ISO 8601 UTC with
// `Z` (formatUtc), so two equal instants are always equal text. Plain value types only: the SDK and
// the handler plugins carry no JSON library.
using Value = std::variant<std::monostate, bool, std::int64_t, double, std::string, StringList>;

[[nodiscard]] inline bool isNull(const Value& value) {
    return std::holds_alternative<std::monostate>(value);
}

// Named values, ordered by name: the attributes of a flight, the fields of a list entry, the fields
// of a reference record, the changed fields of a notification. A field whose value is null is left
// out of a document (FlightDocument::set erases it); in a notification null means "cleared".
using Fields = std::map<std::string, Value, std::less<>>;

// The value of `name` in `fields`, nullptr when there is none.
[[nodiscard]] const Value* findField(const Fields& fields, std::string_view name);

// "null", "true", "42", "41.5", "'107'", "['417', '418']": a value as it appears in a reason or a
// test failure.
[[nodiscard]] std::string describeValue(const Value& value);

} // namespace msgx::sdk
