#pragma once

#include "msgx/codec/Message.h"
#include "msgx/sdk/Sdk.h"

#include <vector>

namespace msgx::pipeline {

// The flight ids a message names in the places the handlers read them from (FLID, MAID, TAID of
// MSG's sections and of their records: FLOP/FLID, SCHD/FLTR/FLID), in document order, repeats
// kept. A hint, not the handler's decision: the pump prefetches them, a replay preview checks them.
std::vector<sdk::Flid> flightIdsNamedIn(const codec::Message& message);

} // namespace msgx::pipeline
