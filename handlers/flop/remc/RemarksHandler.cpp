// FLOP-REMC: the remarks (flop.md REMC, pattern S on `remarks`, text(80)).
// Absent or empty REMC is rejected (FLOP cannot clear it, not even with `<REMC></REMC>`, flop.md REMC);
// the limit counts UTF-8 characters, not bytes; a master's shared flights get the same remark
// (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kRemarks{"REMC", "remarks", FieldType::Text, 80};

} // namespace

MSGX_HANDLER_PLUGIN(MandatoryFieldHandler<kRemarks>, "flop-remc", "1.0.0", "FLOP-REMC")
