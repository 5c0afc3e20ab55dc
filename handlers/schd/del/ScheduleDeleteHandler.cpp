// SCHD-DEL: deletes each flight its FLTR records name (schedule.md §3.6, architecture.md §11) with
// the FDEL cascade (FlightDeletion.h): shared flights deleted too, turnaround links cleared, the
// master's code-share list recomputed. Only FLID is read; an unknown FLID deletes nothing.
#include "msgx/sdk/Sdk.h"

MSGX_HANDLER_PLUGIN(msgx::sdk::ScheduleDeleteHandler, "schd-del", "1.0.0", "SCHD-DEL")
