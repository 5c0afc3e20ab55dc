#pragma once

#include "msgx/plugin/JsonValue.h"

#include <string>

namespace msgx::pipeline {

// One-line JSON text of `value`: no spaces, members in their order, non-ASCII text unescaped
// (UTF-8), numbers with a fraction always showing one (41.0). What the pump stores in MSG_EVENT
// payloads, FLIGHT attributes, FLIGHT_DETAIL items and REF_MASTER items: the same value is always
// the same text, so a replay writes the same bytes.
std::string renderCompactJson(const plugin::JsonValue& value);

} // namespace msgx::pipeline
