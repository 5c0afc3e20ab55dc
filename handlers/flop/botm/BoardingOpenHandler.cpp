// FLOP-BOTM: the time boarding opened (flop.md BOTM, pattern T1 on `boardingOpen`).
// Empty BOTM (`<BOTM/>`, `<BOTM></BOTM>`, blanks only) clears it, absent BOTM changes nothing, a
// value that is not a ddMMMyyHHmm local time (day invalid for the month, date-only ddMMMyy) is a
// codec error; a master's shared flights get the same value (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kBoardingOpen{"BOTM", "boardingOpen", FieldType::Time};

} // namespace

MSGX_HANDLER_PLUGIN(ClearableFieldHandler<kBoardingOpen>, "flop-botm", "1.0.0", "FLOP-BOTM")
