// SCHD-ADFT: incremental flight data, complete FLTR records that create or fully update flights
// (schedule.md §3.6, architecture.md §11 "SCHD-ADFT / UPD / DEL"); the flow is the SDK's
// (ScheduleFlow.h: all or nothing, upsert, FLOP-only values kept, code-share lists recomputed).
// Past SODT values are applied (schedule.ignore-older-than is not implemented; it is off by default).
#include "msgx/sdk/Sdk.h"

MSGX_HANDLER_PLUGIN(msgx::sdk::ScheduleUpsertHandler, "schd-adft", "1.0.0", "SCHD-ADFT")
