#pragma once

#include "msgx/storage/ProcessingRecord.h"

#include <string>

namespace msgx::pipeline {

// "TYPE-STYP" of a queued message, as operators see it (msgxctl messages, GET /ops/messages): from
// its PROC_STATE row when the pump recorded them, else from its raw XML; "" when that never
// decodes (a MALFORMED message).
std::string messageKeyOf(const storage::ProcessingRecord& record);

} // namespace msgx::pipeline
