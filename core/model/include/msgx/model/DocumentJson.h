#pragma once

#include "msgx/json/JsonValue.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightDocument.h"
#include "msgx/sdk/Value.h"

#include <string>

namespace msgx::model {

// The JSON form of the SDK's values and of the flight document (docs/flight-document.md):
//   {"flid": 64400207, "attributes": {"currentStand": "107", ...}, "lists": {"stands": [{...}]}}
// Values: null, true/false, integers, numbers with a fraction, text, arrays of text (code lists).
// The readers throw json::JsonError naming `where` (e.g. "before.json: flights[1]") and the member.

json::JsonValue valueToJson(const sdk::Value& value);
json::JsonValue fieldsToJson(const sdk::Fields& fields);
json::JsonValue listToJson(const sdk::DetailList& entries);
json::JsonValue flightDocumentToJson(const sdk::FlightDocument& flight);

sdk::Value valueFromJson(const json::JsonValue& json, const std::string& where);
sdk::Fields fieldsFromJson(const json::JsonValue& json, const std::string& where);
sdk::FlightDocument flightDocumentFromJson(const json::JsonValue& json, const std::string& where);

} // namespace msgx::model
