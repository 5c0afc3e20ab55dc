// SCHD-RESP: the full plan sent by AODB as the answer to an RQFD request (schedule.md §2, §3.6;
// architecture.md §7, §11 "SCHD-DNLD / RESP", Q5). The RESP guard (the pack applies only when it
// matches an open, sent RQFD request, DTTM not before its send time; otherwise SKIPPED late-resp;
// in shadow mode applied and noted shadow-unmatched) is done by the core BEFORE this handler runs,
// so this handler treats RESP exactly like SCHD-DNLD: the pack validated as a whole (one unparseable
// record -> FAILED(CODEC_ERROR), one unusable record -> "rejected:record <n>: ..."), then applied in
// one transaction with the SDK's upsert flow (ScheduleFlow.h: create / replace schedule fields and
// keep FLOP-only values / equal record no event, code-share lists recomputed); flights absent from
// the pack are NOT deleted; RECS is informational; an empty pack applies nothing ("no FLTR record").
// Past SODT values are applied (architecture.md §11 "past SODT").
#include "msgx/sdk/Sdk.h"

MSGX_HANDLER_PLUGIN(msgx::sdk::ScheduleUpsertHandler, "schd-resp", "1.0.0", "SCHD-RESP")
