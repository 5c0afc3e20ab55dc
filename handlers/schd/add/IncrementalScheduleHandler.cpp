// SCHD-ADD: incremental flight data, served exactly like SCHD-ADFT (architecture.md §11): complete
// FLTR records that create or fully update flights, with the SDK's schedule flow (ScheduleFlow.h).
#include "msgx/sdk/Sdk.h"

MSGX_HANDLER_PLUGIN(msgx::sdk::ScheduleUpsertHandler, "schd-add", "1.0.0", "SCHD-ADD")
