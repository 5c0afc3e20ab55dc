// FLOP-MAXP: the maximum number of passengers (flop.md MAXP, pattern S on `maxPax`, int16).
// Absent or empty MAXP is rejected (FLOP cannot clear it); letters or a number outside int16 are a
// codec error (flop.md §2.3); a master's shared flights get the same capacity (architecture.md §11).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kMaximumPassengers{"MAXP", "maxPax", FieldType::Short};

} // namespace

MSGX_HANDLER_PLUGIN(MandatoryFieldHandler<kMaximumPassengers>, "flop-maxp", "1.0.0", "FLOP-MAXP")
