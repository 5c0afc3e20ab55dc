#pragma once

#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightDocument.h"

#include <string>

namespace msgx::pipeline {

// The MSG_EVENT payload texts the pump writes, per the contract in delivery/DeliveryRecord.h:
// one-line JSON objects whose members "type" and "flid" come first, without any time field (a
// replay writes the same text).

// Target `msg`, one per sdk::MsgEvent: {"type":"flight-update","flid":1,"fields":{...},"lists":{...}};
// a cleared field is null, a changed list is its whole new content ([] when it went).
std::string msgEventPayload(const sdk::MsgEvent& event);

// Target `schd`, the full document of a pushed flight after the change:
// {"type":"flight-upsert","flid":1,"document":{"flid":1,"attributes":{...},"lists":{...}}}.
std::string flightUpsertPayload(const sdk::FlightDocument& document);

// Target `schd`, a pushed flight that was deleted (or is unknown): {"type":"flight-delete","flid":1}.
std::string flightDeletePayload(sdk::Flid flid);

// Targets `msg` and `schd`, a flight the history sweep moved out of the live set (FlightHistorySweep):
// {"type":"flight-to-history","flid":1}; `schd` delivers it as a tombstone, as a deletion.
std::string flightToHistoryPayload(sdk::Flid flid);

// Target `msg`, a flight a message brought back from the history (with its group), before that
// message's own events: {"type":"flight-from-history","flid":1}; `schd` gets its whole document.
std::string flightFromHistoryPayload(sdk::Flid flid);

} // namespace msgx::pipeline
