#pragma once

#include "msgx/plugin/JsonValue.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightDocument.h"
#include "msgx/sdk/Value.h"

#include <string>

namespace msgx::plugin {

// The JSON form of the SDK's values and of the flight document (docs/flight-document.md):
//   {"flid": 64400207, "attributes": {"currentStand": "107", ...}, "lists": {"stands": [{...}]}}
// Values: null, true/false, integers, numbers with a fraction, text, arrays of text (code lists).
// The readers throw JsonError naming `where` (e.g. "before.json: flights[1]") and the member.

JsonValue valueToJson(const sdk::Value& value);
JsonValue fieldsToJson(const sdk::Fields& fields);
JsonValue listToJson(const sdk::DetailList& entries);
JsonValue flightDocumentToJson(const sdk::FlightDocument& flight);

sdk::Value valueFromJson(const JsonValue& json, const std::string& where);
sdk::Fields fieldsFromJson(const JsonValue& json, const std::string& where);
sdk::FlightDocument flightDocumentFromJson(const JsonValue& json, const std::string& where);

} // namespace msgx::plugin
