#pragma once

#include "msgx/codec/Element.h"
#include "msgx/sdk/Checked.h"
#include "msgx/sdk/FlightDocument.h"
#include "msgx/sdk/FlightView.h"
#include "msgx/sdk/HandlerContext.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace msgx::sdk {

// One schedule flight record (FLTR, schedule.md §4) as the flight document it describes. Shared by
// the SCHD handlers (ADFT, UPD, DNLD, RESP): they differ in what they do with the records, never in
// how a record reads.
struct ScheduleRecord {
    Flid flid = 0;
    // Every schedule attribute (flight-model.md §9, "SCHD" column); null where the record has no
    // value, since a record replaces the flight's schedule fields as a whole (schedule.md §7.3).
    Fields attributes;
    // Every schedule list except the route; an empty list where the record has no group.
    std::map<std::string, DetailList, std::less<>> lists;
    // The route (ERUT); std::nullopt when the record has no ERUT: the stored route is kept.
    std::optional<DetailList> route;
    // What the record could not place, e.g. "TIPT stand 418 matches no PSDT entry".
    std::vector<std::string> notes;
};

// Reads a FLTR. Mandatory (absent or empty -> Reject "<ELEMENT> is missing/empty"): FLID, ALCD,
// FLNO, MVIN, SODT, FLTY, FLIN, ACFT (schedule.md §3.1); in groups the sequence attribute, the
// resource code and the single-character class/indicator fields (flop.md §5.4). A value that does
// not parse -> CodecError. Times are converted from the business zone to UTC. Details:
//  - ffid: FFID when the record carries it, else composed ALCD-FLNO-MVIN-SODT-FLIN with `ffidDerived`
//    true (architecture.md §11); cancelled follows CNCL;
//  - FDIV/FRET/FLAB attributes and text; PORT: the last O and the last C time (another POID ->
//    Reject); TIPT: tractorTime of the PSDT entry with that stand (none -> a note);
//  - PSDT entries get `abdg` and the flight `abdg` (arrival: lowest PSNO, departure: highest) when
//    an ABDG class is stored; otherwise both stay absent (unknown) and the record still applies;
//  - DELY by CODE and SRVT by SRTC, the later group of a key winning; VIPF one entry per VIPT (or
//    one without service data); ROUT is ignored.
Checked<ScheduleRecord> readScheduleRecord(const codec::Element& fltr, const HandlerContext& context);

// The flight after `record`: a new document when `stored` is null, else `stored` with every schedule
// attribute and list replaced by the record's (the route only when the record has ERUT) and
// everything FLOP-only kept: calTakeOff, other attributes no FLTR element writes (e.g.
// codeShareFlightList), and pushIndicator, pushTime and tractorTime of every stand entry whose seq
// and standCode are unchanged (schedule.md §7.3, architecture.md §11).
FlightDocument applyScheduleRecord(const FlightDocument* stored, const ScheduleRecord& record);

// The code-share list of `master` (flight-model.md §2): the flight numbers of the flights whose
// masterFlid is `master`, by FLID, joined with ", "; null when there is none. `flights` are the
// candidates (the stored shared flights with this message's changes applied).
Value codeShareFlightList(Flid master, const std::vector<const FlightDocument*>& flights);

} // namespace msgx::sdk
