#pragma once

#include "msgx/sdk/FlightDocument.h"
#include "msgx/storage/FlightRecord.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::pipeline {

// How a flight document (sdk::FlightDocument) is kept in FLIGHT + FLIGHT_DETAIL
// (architecture.md §3), both ways. The one place that knows it: the pump writes through it, and
// every reader of the stored flights (GET /all/flights, msgxctl) reads through it.
//
//  FLIGHT.ATTRIBUTES  - the document's attributes as one JSON object (plugin/DocumentJson.h values);
//  FLIGHT_DETAIL      - one row per list entry, the entry as one JSON object, in list order;
//  key columns        - copies of attributes for indexed look-ups: FFID <- ffid, ALCD <- airlineCode,
//                       FLNO <- flightNumber, MVIN <- movement, SODT <- scheduledTime (ISO UTC text),
//                       MAID <- masterFlid, LINK_FLID <- linkedFlid. A value that does not fit its
//                       column (FlightKeys limits) or is not of the column's type is left out of the
//                       column (it stays in the attributes): a key column is an index, and a value
//                       too long for it must not stop the pipeline.

// The document of a stored flight. Throws json::JsonError when the stored JSON is not a document
// this mapping wrote.
sdk::FlightDocument documentFromStore(const storage::FlightRecord& record,
                                      const std::vector<storage::DetailList>& lists);

// The key columns of a document.
storage::FlightKeys keyColumnsOf(const sdk::FlightDocument& document);

// FLIGHT.ATTRIBUTES of a document.
std::string attributesJsonOf(const sdk::FlightDocument& document);

// The stored form of list `name` of a document (no items when the document has no such list).
storage::DetailList detailListOf(const sdk::FlightDocument& document, std::string_view name);

// The write that makes the stored flight `document`, replacing the lists named in `listNames`
// (the others stay as stored), based on the stored version `expectedVersion`.
storage::FlightWrite upsertOf(const sdk::FlightDocument& document,
                              std::optional<std::int64_t> expectedVersion,
                              const std::vector<std::string>& listNames);

} // namespace msgx::pipeline
