#pragma once

#include "msgx/codec/ErrorClass.h"
#include "msgx/storage/OutboxEvent.h"
#include "msgx/storage/ProcessingRecord.h"

#include <optional>
#include <string>
#include <string_view>

namespace msgx::storage {

// The enumerations as read back from their columns. A value no version of this code writes means
// the row was changed by hand or by a newer version: std::runtime_error naming column and value.
ProcessingState processingStateFromColumn(std::string_view value);
BackfillState backfillStateFromColumn(std::string_view value);
EventState eventStateFromColumn(std::string_view value);
std::optional<ErrorClass> errorClassFromColumn(const std::optional<std::string>& value);

} // namespace msgx::storage
