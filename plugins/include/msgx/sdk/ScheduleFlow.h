#pragma once

#include "msgx/codec/Message.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightView.h"
#include "msgx/sdk/Handler.h"
#include "msgx/sdk/HandlerContext.h"

// The incremental schedule sub-types (schedule.md §3.6, architecture.md §11 "SCHD-ADFT / UPD /
// DEL", "several records in one message"), all or nothing over the FLTR records of the SCHD
// element: any unparseable record fails the message FAILED(CODEC_ERROR) "record <n>: <why>", else
// any unusable record skips it "rejected:record <n>: <why>" ("record <n>: " only when the message
// has several records); nothing is written then. No SCHD element -> Reject; no FLTR -> SUCCEEDED
// with the note "no FLTR record". RECS is informational (envelope.md §3): an applied message whose
// RECS differs from its number of FLTR records is noted "RECS <n> but <m> records" (first note),
// never refused. Changes are announced as schedule changes (kScheduleAnnouncement:
// "flight-upsert" msg events and the schd push; a deletion "flight-delete").
namespace msgx::sdk {

// SCHD-ADFT, UPD, ADD, DNLD and RESP: each record upserts a whole flight (readScheduleRecord,
// applyScheduleRecord): an unknown FLID creates it, a stored one gets its schedule fields replaced
// and keeps its FLOP-only values, an equal record changes nothing. A shared flight inserted,
// re-linked or renumbered recomputes the codeShareFlightList of its old and new master when that
// master is known (a changed list is a change of the master).
Decision decideScheduleUpserts(const HandlerContext& context, const FlightView& flights,
                               const codec::Message& message);

// SCHD-DEL: each record names a flight by FLID (the only element it needs; absent or empty ->
// Reject, not a number -> CodecError), deleted with the FDEL cascade (deleteWithCascade); an unknown
// FLID deletes nothing and is noted "unknown-flight".
Decision decideScheduleDeletes(const HandlerContext& context, const FlightView& flights,
                               const codec::Message& message);

// The handlers of those sub-types: a plugin's source is its registration line, e.g.
//   MSGX_HANDLER_PLUGIN(ScheduleUpsertHandler, "schd-upd", "1.0.0", "SCHD-UPD")
class ScheduleUpsertHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView& flights,
                    const codec::Message& message) const override {
        return decideScheduleUpserts(context, flights, message);
    }
};

class ScheduleDeleteHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView& flights,
                    const codec::Message& message) const override {
        return decideScheduleDeletes(context, flights, message);
    }
};

} // namespace msgx::sdk
