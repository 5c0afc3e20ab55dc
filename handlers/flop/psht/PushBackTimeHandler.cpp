// FLOP-PSHT: push-back time and indicator per stand (flop.md PSHT, in place on `stands`, matched by
// PUST = standCode): PSTM sets pushTime and PSID pushIndicator; an empty PSTM clears both; an
// absent PSTM changes nothing; PSHN is not used. The event carries only the changed stand entries
// (`changedStands`).
#include "msgx/sdk/Sdk.h"

namespace {

constexpr msgx::sdk::StandUpdateSpec kPushBack{"PSHT", "PUST", "PSTM", "pushTime", "PSID", "pushIndicator"};

} // namespace

MSGX_HANDLER_PLUGIN(msgx::sdk::StandUpdateHandler<kPushBack>, "flop-psht", "1.0.0", "FLOP-PSHT")
