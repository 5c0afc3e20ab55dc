// SCHD-DNLD: the daily plan pushed by AODB, a snapshot pack of complete FLTR records (schedule.md
// §2, §3.4, §3.6; architecture.md §7, §11 "SCHD-DNLD / RESP"). The pack is read and validated as a
// whole before anything is decided: one unparseable record fails it FAILED(CODEC_ERROR), one
// unusable record skips it "rejected:record <n>: ..."; otherwise it is applied in one transaction
// with the SDK's upsert flow (ScheduleFlow.h, the same as SCHD-ADFT/UPD: an unknown FLID creates the
// flight, a stored one gets its schedule fields replaced and keeps its FLOP-only values, an equal
// record changes nothing and emits no event, code-share lists are recomputed). Flights absent from
// the pack are NOT deleted: the legacy window reconciliation (schedule.md §3.4 steps 1-3 and 5) is not done
// (US-06/3). RECS is informational (a mismatch is noted); an empty pack applies nothing and is
// noted "no FLTR record". Past SODT values are applied (architecture.md §11 "past SODT";
// schedule.ignore-older-than is not implemented, it is off by default).
#include "msgx/sdk/Sdk.h"

MSGX_HANDLER_PLUGIN(msgx::sdk::ScheduleUpsertHandler, "schd-dnld", "1.0.0", "SCHD-DNLD")
