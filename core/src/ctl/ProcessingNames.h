#pragma once

#include "msgx/storage/ProcessingRecord.h"

#include <optional>
#include <string_view>

namespace msgx::ctl {

// The state named `name` as PROC_STATE writes it ("FAILED"; case-insensitive), nullopt otherwise.
std::optional<storage::ProcessingState> processingStateFromName(std::string_view name);

} // namespace msgx::ctl
