#pragma once

// The JSON of the operator API's objects (docs/http.md "Operator API").
#include "msgx/json/JsonValue.h"
#include "msgx/storage/OutboxEvent.h"
#include "msgx/storage/ProcessingRecord.h"

#include <optional>
#include <string>
#include <vector>

namespace msgx::http::detail {

// ISO 8601 UTC: "2026-12-01T18:09:47Z", or with the microseconds when it has any
// ("2026-12-01T18:09:47.123456Z").
std::string isoTime(storage::Timestamp t);
json::JsonValue optionalTime(const std::optional<storage::Timestamp>& t);

// The message object: the PROC_STATE row (or archived PROC_STATE_HST row, "archived": true), its
// back-fill state and its events.
json::JsonValue messageJson(const storage::ProcessingRecord& record,
                            const std::vector<storage::OutboxEvent>& events);

// The time a query parameter names: ISO 8601 UTC ("2026-12-01T18:09:47Z", optionally with a
// fraction); ApiError 400 otherwise.
storage::Timestamp parseIsoTime(const std::string& parameter, const std::string& text);

} // namespace msgx::http::detail
